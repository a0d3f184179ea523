/**
 * A list's exports (XLSX and CSV of exactly the filtered list): download links that work without
 * JavaScript; with it, the file is fetched in place so its progress shows (rows received of the total
 * for CSV, size received for the compressed XLSX) and then saved under the server's file name.
 */
import { useState } from 'react';
import { useAdminT } from '../AdminContext.tsx';

type Format = 'xlsx' | 'csv';

type Progress =
  | { readonly state: 'running'; readonly format: Format; readonly rows: number; readonly bytes: number }
  | { readonly state: 'done' | 'failed'; readonly format: Format };

const NEWLINE = 10;

/** The rows a CSV chunk ends (its line breaks; the header's is taken off by the caller). */
export function lineBreaks(chunk: Uint8Array): number {
  let count = 0;
  for (const byte of chunk) if (byte === NEWLINE) count += 1;
  return count;
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one, or the fallback.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

export function ExportLinks({ total, href }: { total: number; href: (format: Format) => string }) {
  const t = useAdminT();
  const [progress, setProgress] = useState<Progress | null>(null);
  const running = progress?.state === 'running';

  async function download(format: Format) {
    setProgress({ state: 'running', format, rows: 0, bytes: 0 });
    try {
      const answer = await fetch(href(format), { credentials: 'same-origin' });
      if (!answer.ok || !answer.body) throw new Error(`export answered ${answer.status}`);
      const reader = answer.body.getReader();
      const chunks: Uint8Array[] = [];
      let breaks = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        if (format === 'csv') breaks += lineBreaks(value);
        setProgress({ state: 'running', format, rows: Math.min(Math.max(breaks - 1, 0), total), bytes });
      }
      const type = answer.headers.get('content-type') ?? 'application/octet-stream';
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(answer.headers.get('content-disposition'), `export.${format}`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setProgress({ state: 'done', format });
    } catch {
      setProgress({ state: 'failed', format });
    }
  }

  const link = (format: Format, label: string) => (
    <a
      className="admin-button"
      href={href(format)}
      download
      aria-disabled={running ? true : undefined}
      onClick={(event) => {
        event.preventDefault();
        if (!running) void download(format);
      }}
    >
      {label}
    </a>
  );

  return (
    <div className="admin-list__exports">
      <p>
        {link('xlsx', t.t('list.exportXlsx'))}
        {link('csv', t.t('list.exportCsv'))}
      </p>
      <div role="status" className="admin-export-progress">
        {progress?.state === 'running' ? (
          progress.format === 'csv' ? (
            <>
              <progress
                max={Math.max(total, 1)}
                value={progress.rows}
                aria-label={t.t('list.exportRunning')}
              />{' '}
              {t.t('list.exportRows', { rows: t.number(progress.rows), total: t.number(total) })}
            </>
          ) : (
            <>
              <progress aria-label={t.t('list.exportRunning')} />{' '}
              {t.t('list.exportBytes', {
                size: t.number(Math.round(progress.bytes / 1024)),
                total: t.number(total),
              })}
            </>
          )
        ) : progress?.state === 'done' ? (
          t.t('list.exportDone')
        ) : progress?.state === 'failed' ? (
          <span className="admin-field__error">{t.t('list.exportFailed')}</span>
        ) : null}
      </div>
    </div>
  );
}
