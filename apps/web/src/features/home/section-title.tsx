export function SectionTitle({ title, text, light = false }: { title: string; text?: string; light?: boolean }) {
  return (
    <div className="mb-6 text-center">
      <h2
        className={`text-3xl font-black tracking-wide uppercase md:text-4xl ${light ? 'text-gold drop-shadow' : 'text-royal'}`}
      >
        {title}
      </h2>
      {text && <p className={`mx-auto mt-2 max-w-xl ${light ? 'text-white/80' : 'text-ink/70'}`}>{text}</p>}
    </div>
  );
}
