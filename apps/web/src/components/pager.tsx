import Link from 'next/link';

interface PagerLabels {
  previous: string;
  next: string;
}

const pageClass = 'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-bold';
const linkClass = `${pageClass} bg-white ring-2 ring-royal/30 hover:bg-royal/5`;
const stepClass = 'rounded-lg px-3 py-1.5 ring-1 ring-ink/15 disabled:opacity-40';

/**
 * Paging, in one of two forms: plain numbered links (`href`), crawlable and working without
 * JavaScript, for public lists; or previous / "page x of y" / next buttons (`onPage`) with the total,
 * for lists kept in the page's state.
 */
export function Pager(
  props: { page: number; pages: number; labels: PagerLabels } & (
    | { href: (page: number) => string; label: string; pageLabel: (page: number) => string }
    | { onPage: (page: number) => void; status: string; total: string }
  ),
) {
  const { page, pages, labels } = props;
  if ('href' in props) {
    if (pages <= 1) return null;
    return (
      <nav aria-label={props.label} className="mt-10 flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <Link href={props.href(page - 1)} rel="prev" className={linkClass}>
            {labels.previous}
          </Link>
        )}
        {Array.from({ length: pages }, (_, index) => index + 1).map((target) =>
          target === page ? (
            <span key={target} aria-current="page" className={`${pageClass} bg-royal text-white`}>
              {target}
            </span>
          ) : (
            <Link key={target} href={props.href(target)} aria-label={props.pageLabel(target)} className={linkClass}>
              {target}
            </Link>
          ),
        )}
        {page < pages && (
          <Link href={props.href(page + 1)} rel="next" className={linkClass}>
            {labels.next}
          </Link>
        )}
      </nav>
    );
  }
  const { onPage } = props;
  return (
    <div className="mt-4 flex items-center justify-between text-sm">
      <span className="text-ink/70">{props.total}</span>
      <div className="flex items-center gap-2">
        <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={stepClass}>
          {labels.previous}
        </button>
        <span>{props.status}</span>
        <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className={stepClass}>
          {labels.next}
        </button>
      </div>
    </div>
  );
}
