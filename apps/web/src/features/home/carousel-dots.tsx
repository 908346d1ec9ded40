'use client';

/** Clickable dots, one per snap; the current one is marked for assistive technology. */
export function CarouselDots({
  count,
  selected,
  onSelect,
  label,
  tone = 'light',
  testId,
}: {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
  label: (index: number) => string;
  tone?: 'light' | 'dark';
  testId?: string;
}) {
  const idle = tone === 'light' ? 'bg-white/50 hover:bg-white/80' : 'bg-ink/25 hover:bg-ink/40';
  return (
    <div className="flex h-6 items-center justify-center gap-2" data-testid={testId}>
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          aria-label={label(index + 1)}
          aria-current={index === selected ? 'true' : undefined}
          onClick={() => onSelect(index)}
          className={`h-2.5 rounded-full transition-all ${index === selected ? 'w-7 bg-gold' : `w-2.5 ${idle}`}`}
        />
      ))}
    </div>
  );
}
