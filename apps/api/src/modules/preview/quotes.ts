import type { Pack } from '@carabala/contracts/catalogue';
import { quote, quoteProductOf, unknownStanding, type Quote, type QuoteMoment } from '@carabala/contracts/quote';

/**
 * Each product of the packs shown (a selectable pack's options one by one) as the quote prices it for
 * anyone at the moment: the staff's preview of the store decides offers by the one rule (decision 058).
 */
export const quotesForAnyone = (packs: Pack[], moment: QuoteMoment): Quote[] =>
  packs.flatMap((pack) =>
    (pack.options?.length ? pack.options.map((option) => option.id) : [pack.id]).flatMap((productId) => {
      const product = quoteProductOf(pack, productId);
      return product ? [quote(product, unknownStanding, moment)] : [];
    }),
  );
