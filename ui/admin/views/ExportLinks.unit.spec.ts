import { describe, expect, it } from 'vitest';
import { fileNameOf, lineBreaks } from './ExportLinks.tsx';

describe('the lists’ exports in place', () => {
  it('counts a CSV chunk’s line breaks, the rows it ends', () => {
    expect(lineBreaks(new TextEncoder().encode('id;name\n1;a\n2;b\n3'))).toBe(3);
    expect(lineBreaks(new Uint8Array())).toBe(0);
  });

  it('saves under the server’s file name, the UTF-8 one first, else the fallback', () => {
    expect(fileNameOf('attachment; filename="purchases-2026-11-25.xlsx"', 'x')).toBe(
      'purchases-2026-11-25.xlsx',
    );
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''achats%20%C3%A9t%C3%A9.csv`, 'x')).toBe(
      'achats été.csv',
    );
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('x');
    expect(fileNameOf(null, 'export.csv')).toBe('export.csv');
  });
});
