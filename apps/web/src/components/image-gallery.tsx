import { ExternalLink } from './external-link';

/** Uploaded images in a square grid; each opens full size in a new tab. */
export function ImageGallery({ files, alt }: { files: { url: string }[]; alt: (index: number) => string }) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:gap-3">
      {files.map((file, index) => (
        <li key={file.url}>
          <ExternalLink
            href={file.url}
            className="block aspect-square overflow-hidden rounded-xl bg-ink/5 ring-1 ring-ink/10"
          >
            {/* Served by the API with its own cache headers; next/image would copy it for nothing. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={file.url} alt={alt(index + 1)} loading="lazy" className="size-full object-cover" />
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
