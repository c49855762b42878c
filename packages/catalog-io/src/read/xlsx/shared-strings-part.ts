import type { Readable } from 'node:stream';
import type { SharedStrings } from '../shared-strings.js';
import { MAX_CELL_CHARS, readXml } from './xml-stream.js';

/**
 * Reads the workbook's shared-string table (`xl/sharedStrings.xml`) into `strings`, in order:
 * each `<si>` is the text of its runs (rich text: one run per style), without the phonetic
 * guides (`<rPh>`) of East Asian text, which are annotations, not the cell's text. A string
 * longer than a cell may hold is never gathered whole: it is marked, and refused by the sheet
 * whose cell uses it.
 */
export async function readSharedStrings(
  source: Readable,
  strings: SharedStrings,
  where: string,
): Promise<void> {
  let text = '';
  let tooLong = false;
  let inItem = false;
  let inText = false;
  let inPhonetic = false;
  await readXml(
    source,
    {
      open(name) {
        if (name === 'si') {
          inItem = true;
          text = '';
          tooLong = false;
        } else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && inItem && !inPhonetic) inText = true;
      },
      text(chunk) {
        if (!inText || tooLong) return;
        text += chunk;
        if (text.length > MAX_CELL_CHARS) {
          tooLong = true;
          text = '';
        }
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 'si') {
          inItem = false;
          if (tooLong) strings.pushTooLong();
          else strings.push(text);
        }
      },
    },
    where,
    { clip: true },
  );
}
