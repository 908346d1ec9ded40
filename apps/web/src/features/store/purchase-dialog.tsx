'use client';

import { phoneCodes, purchaseFormSchema, stripIdPrefix, type PurchaseForm } from '@carabala/contracts';
import { purchasableOf, type Pack } from '@carabala/contracts/catalogue';
import { formatItems } from '@carabala/contracts/labels';
import { formatVnd } from '@/lib/format';
import { useQueryClient } from '@tanstack/react-query';
import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useForm, useWatch } from 'react-hook-form';
import { InputField } from '@/components/form/fields';
import { fieldsOf, keyResolver } from '@/components/form/schema-form';
import { PhoneVerifyLink } from '@/components/phone-verify-link';
import { LoginDialog } from '@/components/sign-in-slot';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Spinner } from '@/components/ui/spinner';
import { characterErrorsOf } from '@/components/character-picker';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { bankTransactionQuery, usePurchase } from './api/player';
import { usePackQuotes } from './api/quote';
import { useCloseConfirm } from './close-confirm';
import { artOf } from './drawn-art';
import { ChoiceButton, DrawerClose, historyBanner, refusalKeys } from './purchase-parts';
import { runningSale, useOfferClock } from './offer';
import { PromotionBonus } from './promotion-bonus';
import { initialPurchaseState, purchaseReducer } from './purchase-steps';
import { OwnCharacter, ReceiverCharacter, useCharacterChoice } from './receiver-character';
import { ReceiverPreview } from './receiver-preview';
import { SalePrice } from './sale-price';
import { TransferPanel } from './transfer-panel';
import { useItemNames } from '@/lib/item-names';

interface PurchaseDialogProps {
  pack: Pack;
  /** The productId of the URL (a pack, or one option of a selectable pack). */
  urlProductId: number;
  initialShortId: string | null;
  transactionId: string | null;
  onClose: () => void;
  /** Called with the new transaction id once the order exists. */
  onCreated: (transactionId: string) => void;
}

/**
 * The purchase flow: PREVIEW -> SELECT_AUTH -> ENTER_ID / CONFIRM -> TRANSFER, or CHECK_HISTORY for a
 * transaction the URL names; its steps are `purchaseReducer`'s (purchase-steps.ts).
 */
export function PurchaseDialog({
  pack,
  urlProductId,
  initialShortId,
  transactionId,
  onClose,
  onCreated,
}: PurchaseDialogProps) {
  const t = useTranslations('store');
  const names = useItemNames();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const purchase = usePurchase();
  const [{ step, createdId }, dispatch] = useReducer(purchaseReducer, initialShortId, initialPurchaseState);
  const [showGuide, setShowGuide] = useState(false);
  // The receiver's character, when their account has several ("Chọn máy chủ", "Chọn nhân vật").
  const character = useCharacterChoice();
  // CONFIRM buys for the signed-in account: its name and User ID as the API gave them at sign-in.
  const [account, setAccount] = useState<{ displayName: string; shortId: string } | null>(null);
  // The URL's transactionId named no order (unknown or malformed): said above the pack, never silently.
  const [orderMissing, setOrderMissing] = useState(false);
  // The buyer's own phone is unverified (decision 057): the refusal links to the page that verifies it.
  const [phoneRefused, setPhoneRefused] = useState(false);
  const initialOption = pack.isSelect ? (urlProductId !== pack.id ? urlProductId : 0) : pack.id;
  const form = useForm<PurchaseForm>({
    resolver: keyResolver(purchaseFormSchema),
    defaultValues: { shortId: initialShortId ?? '', productId: initialOption },
    mode: 'onSubmit',
    shouldFocusError: false,
  });
  const productId = useWatch({ control: form.control, name: 'productId' });
  const typedShortId = useWatch({ control: form.control, name: 'shortId' });
  // The field was left (blur): look the receiver up at once rather than after the typing pause.
  const [idSettled, setIdSettled] = useState(false);
  // The price now: a sale that starts or ends while the dialog is open changes it at once.
  const now = useOfferClock(null, Boolean(pack.sale));
  const sale = runningSale(pack, now);
  // A selectable pack shows an option's contents only once one is chosen (option 44 shares its card's id).
  const chosen = purchasableOf(pack, pack.isSelect ? productId : pack.id, new Date(now));
  // CONFIRM buys for the signed-in account: its price is the quote's for them (the order's snapshot).
  const quoted = usePackQuotes(pack.id, account?.shortId ?? null, step === 'CONFIRM' && account !== null);
  const offer = quoted.data?.quotes.find((candidate) => candidate.productId === chosen?.productId);

  // Coming back with ?transactionId=…: check it and show its state.
  const checkedFromUrl = useRef(false);
  useEffect(() => {
    if (!transactionId || checkedFromUrl.current || step === 'TRANSFER') return;
    checkedFromUrl.current = true;
    queryClient
      .fetchQuery(bankTransactionQuery(transactionId))
      .then(() => dispatch({ type: 'checked' }))
      // An unknown id leaves the dialog on its first step, saying so: the pack can still be bought.
      .catch(() => setOrderMissing(true));
  }, [transactionId, step, queryClient]);

  const submit = form.handleSubmit((values) => {
    const shortId = stripIdPrefix(values.shortId);
    const { fields, errors } = character.request(shortId);
    if (errors) return character.fail(shortId, errors);
    const body = { shortId, productId: values.productId || urlProductId, ...fields };
    purchase.mutate(body, {
      onSuccess: ({ id, reopened }) => {
        if (reopened) toast.success(t('orderReopened'));
        dispatch({ type: 'created', id });
        onCreated(id);
      },
      onError: (error) => {
        setPhoneRefused(error instanceof ApiError && error.code === phoneCodes.required && !error.errors.shortId);
        const characterErrors = error instanceof ApiError ? characterErrorsOf(error.errors) : null;
        if (characterErrors) return character.fail(shortId, characterErrors);
        const refusal = error instanceof ApiError ? refusalKeys[error.code] : undefined;
        const message = refusal
          ? t(refusal, { shortId: body.shortId })
          : error instanceof ApiError
            ? (error.errors.shortId?.[0] ?? error.message)
            : String(error);
        form.setError('shortId', { message });
      },
    });
  });

  const close = () => {
    form.reset();
    dispatch({ type: 'close' });
    onClose();
  };
  // An order still waiting for money is not closed without a word (close-confirm.tsx).
  const closing = useCloseConfirm(
    step === 'TRANSFER' ? createdId : step === 'CHECK_HISTORY' ? transactionId : null,
    close,
  );

  const back = (
    <Button variant="ghost" onClick={() => dispatch({ type: 'back' })}>
      {t('back')}
    </Button>
  );
  const payButton = (
    <Button onClick={submit} disabled={purchase.isPending}>
      {purchase.isPending && <Spinner />}
      {t('payNow')}
    </Button>
  );

  let title: ReactNode = pack.title;
  let body: ReactNode;
  let footer: ReactNode;
  switch (step) {
    case 'PREVIEW':
      body = (
        <div className="flex flex-col gap-4">
          {orderMissing && (
            <p role="alert" className="rounded-xl bg-ruby/10 px-3 py-2 text-sm font-semibold text-ruby-ink">
              {t('orderNotFound')}
            </p>
          )}
          <div className="relative aspect-[8/3] overflow-hidden rounded-2xl">
            <Image src={artOf(pack, 'banner')} alt="" fill unoptimized className="object-cover" />
          </div>
          {pack.isSelect && pack.options ? (
            <fieldset>
              <legend className="mb-2 font-bold">{t('chooseOption')}</legend>
              <div className="flex flex-col gap-2">
                {pack.options.map((option) => (
                  <label
                    key={option.id}
                    className={`flex cursor-pointer items-center justify-between gap-3 rounded-xl bg-white p-3 ring-2 ${productId === option.id ? 'ring-royal' : 'ring-ink/10'}`}
                  >
                    <span className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="option"
                        checked={productId === option.id}
                        onChange={() => form.setValue('productId', option.id)}
                        className="accent-royal"
                      />
                      <span className="font-semibold">{option.title}</span>
                    </span>
                    <span className="font-black text-ruby">{formatVnd(option.value)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : sale ? (
            <SalePrice original={pack.price} sale={sale} now={now} large />
          ) : (
            <p className="text-center text-2xl font-black text-ruby" data-testid="preview-price">
              {formatVnd(pack.price)}
            </p>
          )}
          {chosen && chosen.items.length > 0 ? (
            <p className="text-sm text-ink/70" data-testid="pack-contents">
              {t('contains')}: {formatItems(chosen.items, names)}
            </p>
          ) : (
            pack.isSelect && <p className="text-sm text-ink/70">{t('chooseToSeeContents')}</p>
          )}
          {chosen && <PromotionBonus packId={pack.id} productId={chosen.productId} receiver={null} />}
        </div>
      );
      footer = (
        <Button onClick={() => dispatch({ type: 'buy', productId })} disabled={productId === 0}>
          {t('buyNow')}
        </Button>
      );
      break;
    case 'SELECT_AUTH':
      title = t('selectAuthTitle');
      body = (
        <div className="flex flex-col gap-3">
          {user ? (
            <ChoiceButton
              title={t('useLoggedIn')}
              hint={`${user.displayName} · ID: ${user.shortId}`}
              onClick={() => {
                setAccount(user);
                form.setValue('shortId', user.shortId);
                form.clearErrors();
                dispatch({ type: 'useAccount' });
              }}
            />
          ) : (
            <LoginDialog
              trigger={(open) => <ChoiceButton title={t('useLoggedIn')} hint={t('loginFirst')} onClick={open} />}
              onSuccess={(signedIn) => {
                setAccount(signedIn);
                form.setValue('shortId', signedIn.shortId);
                form.clearErrors();
                dispatch({ type: 'useAccount' });
              }}
            />
          )}
          <ChoiceButton
            title={t('enterId')}
            hint={t('enterIdHint')}
            onClick={() => {
              // Empty unless the URL brought a User ID: never the player's own id left from another choice.
              form.setValue('shortId', initialShortId ?? '');
              form.clearErrors();
              dispatch({ type: 'enterId' });
            }}
          />
        </div>
      );
      footer = back;
      break;
    case 'ENTER_ID':
      title = t('enterId');
      body = (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <button
            type="button"
            onClick={() => setShowGuide((shown) => !shown)}
            className="self-end text-sm font-bold text-royal underline"
          >
            {t('howToGetId')}
          </button>
          {showGuide && (
            // eslint-disable-next-line @next/next/no-img-element
            <img src="/shop/id-guide.svg" alt={t('idGuideAlt')} className="mx-auto max-h-[400px] w-auto rounded-xl" />
          )}
          <div onBlur={() => setIdSettled(true)} onInput={() => setIdSettled(false)}>
            <InputField
              {...fieldsOf(form, 'purchase', () => 'User ID')('shortId')}
              id="purchase-short-id"
              hideLabel
              placeholder={t('idPlaceholder')}
              autoComplete="off"
            />
          </div>
          {phoneRefused && <PhoneVerifyLink />}
          <ReceiverPreview
            value={typedShortId}
            settled={idSettled}
            fieldError={form.formState.errors.shortId?.message}
            renderFound={(found) => (
              <ReceiverCharacter shortId={found.shortId} servers={found.servers} choice={character} />
            )}
          />
          {chosen && /^\d{7,10}$/.test(stripIdPrefix(typedShortId)) && (
            <PromotionBonus
              packId={pack.id}
              productId={chosen.productId}
              receiver={stripIdPrefix(typedShortId)}
              notes
            />
          )}
        </form>
      );
      footer = (
        <>
          {back}
          {payButton}
        </>
      );
      break;
    case 'CONFIRM':
      body = (
        <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10">
          <h3 className="mb-2 font-black">{t('orderInfo')}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-ink/70">{t('recipient')}</dt>
            <dd className="text-right font-bold" data-testid="confirm-recipient">
              {account && t('receiverNamed', { name: account.displayName, shortId: account.shortId })}
            </dd>
            <dt className="text-ink/70">{t('package')}</dt>
            <dd className="text-right font-bold">{chosen?.title ?? pack.title}</dd>
            <dt className="text-ink/70">{t('price')}</dt>
            <dd className="text-right font-black text-ruby">
              {formatVnd(offer?.price ?? chosen?.price ?? pack.price)}
            </dd>
          </dl>
          {account && <OwnCharacter shortId={account.shortId} choice={character} />}
          {chosen && (
            <div className="mt-3">
              <PromotionBonus
                packId={pack.id}
                productId={chosen.productId}
                receiver={stripIdPrefix(form.getValues('shortId'))}
                notes
              />
            </div>
          )}
          {form.formState.errors.shortId?.message && (
            <p role="alert" className="mt-3 text-sm text-ruby">
              {form.formState.errors.shortId.message}
            </p>
          )}
          {phoneRefused && <PhoneVerifyLink />}
        </section>
      );
      footer = (
        <>
          {back}
          {payButton}
        </>
      );
      break;
    case 'TRANSFER':
      title = t('transferTitle');
      body = <TransferPanel id={createdId!} onBuyMore={close} />;
      break;
    case 'CHECK_HISTORY':
      title = t('transferTitle');
      body = (
        <div className="flex flex-col gap-4">
          <div className="relative aspect-[8/3] overflow-hidden rounded-2xl">
            <Image
              src={historyBanner(
                pack,
                queryClient.getQueryData(bankTransactionQuery(transactionId!).queryKey)?.productId ?? urlProductId,
              )}
              alt=""
              fill
              unoptimized
              className="object-cover"
              data-testid="history-banner"
            />
          </div>
          <TransferPanel id={transactionId!} checkedInitially onBuyMore={close} />
        </div>
      );
      break;
  }

  if (closing.view) ({ title, body, footer } = closing.view);

  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => {
        if (!open) closing.request();
      }}
      title={title}
      footer={footer}
      dismissible={step === 'PREVIEW'}
      className="md:w-[min(94vw,44rem)]"
    >
      <div data-step={step} data-testid="purchase-dialog">
        <DrawerClose label={t('close')} onClick={closing.request} />
        {body}
      </div>
    </ResponsiveDialog>
  );
}
