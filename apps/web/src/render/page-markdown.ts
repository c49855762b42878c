import { MESSAGES } from '../i18n/messages.js';
import { escapeMarkdown as esc, jsonForScript, markdownUrl } from './escape.js';
import type { Block, Inline, Link, PageModel } from './page-model.js';

// The words of one page's language that the Markdown adds around its blocks.
interface Words {
  /** After an affiliate link: `(affiliate link)`. */
  readonly affiliate: string;
}

function link(l: Link, words: Words): string {
  const text = `[${esc(l.text)}](${markdownUrl(l.mdHref ?? l.href)})`;
  const note = l.note ? ` (${esc(l.note)})` : '';
  return `${l.current ? `**${text}**` : text}${l.sponsored ? ` (${words.affiliate})` : ''}${note}`;
}

function inline(content: readonly Inline[], words: Words): string {
  return content
    .map((part) => {
      if (typeof part === 'string') return esc(part);
      if ('strong' in part) return `**${esc(part.strong)}**`;
      if ('code' in part) return `\`${part.code.replace(/`/g, "'")}\``;
      return link(part, words);
    })
    .join('');
}

function block(b: Block, depth: number, words: Words): string {
  switch (b.kind) {
    case 'section':
      return [
        `${'#'.repeat(Math.min(depth, 6))} ${esc(b.title)}`,
        ...b.blocks.map((c) => block(c, depth + 1, words)),
      ].join('\n\n');
    case 'paragraph':
      return inline(b.content, words);
    case 'count':
      return esc(b.text);
    case 'markdown':
      return b.source.trim();
    case 'products':
      return b.items
        .map(
          (c) =>
            `- [${esc(c.title)}](${markdownUrl(c.mdHref)}): ${esc(c.brand)} · ${esc(c.category)}${
              c.batch ? ` · ${esc(c.batch)}` : ''
            } · **${esc(c.price)}** (${esc(c.converted)})`,
        )
        .join('\n');
    case 'links':
    case 'buttons':
      return b.items.map((l) => `- ${link(l, words)}`).join('\n');
    case 'facts':
      return b.items.map((f) => `- **${esc(f.label)}:** ${inline(f.value, words)}`).join('\n');
    case 'table': {
      const head = `| ${b.columns.map((c) => esc(c.label)).join(' | ')} |`;
      const rule = `| ${b.columns.map((c) => (c.numeric ? '---:' : '---')).join(' | ')} |`;
      const rows = b.rows.map((r) => `| ${r.map((c) => inline(c.content, words)).join(' | ')} |`);
      return [`${esc(b.caption)}:`, '', head, rule, ...rows].join('\n');
    }
    case 'gallery':
      return b.photos.length > 0
        ? b.photos.map((p) => `![${esc(p.alt)}](${markdownUrl(p.src)})`).join('\n')
        : esc(b.empty);
    case 'price':
      return `**${esc(b.label)}:** **${esc(b.price)}**${b.converted ? ` ${esc(b.converted)}` : ''}`;
    case 'form':
      return [
        inline([b.mdHint], words),
        ...(b.refine?.blocks ?? []).map((c) => block(c, depth, words)),
      ].join('\n\n');
    case 'pager': {
      const links = [b.prev, b.next, b.last].filter((l): l is Link => l !== undefined);
      return [esc(b.summary), ...links.map((l) => `- ${link(l, words)}`)].join('\n');
    }
    case 'notice':
      return `> ${inline(b.content, words)}`;
    case 'disclosure':
      return `> **${esc(b.label)}:** ${esc(b.text)}`;
  }
}

/**
 * Renders a page model as Markdown: YAML front matter (title, description, canonical URL), the
 * H1, every block, and the page's JSON-LD in a fenced block. Catalog and request text is
 * escaped; raw HTML never passes through.
 */
export function renderMarkdown(page: PageModel): string {
  const front = [
    '---',
    // JSON strings are YAML double-quoted scalars; `<`, `>`, `&` as \u escapes keep markup out.
    `title: ${jsonForScript(page.title)}`,
    `description: ${jsonForScript(page.description)}`,
    `url: ${jsonForScript(page.url)}`,
    `lang: ${page.lang ?? 'en'}`,
    '---',
  ].join('\n');
  const m = MESSAGES[page.lang ?? 'en'];
  const words: Words = { affiliate: m.disclosure.markdownNote };
  const parts = [front, `# ${esc(page.h1)}`];
  if (page.breadcrumbs?.length) parts.push(page.breadcrumbs.map((l) => link(l, words)).join(' › '));
  if (page.lead) parts.push(inline(page.lead, words));
  for (const b of page.blocks) parts.push(block(b, 2, words));
  if (page.jsonLd) {
    const json = JSON.stringify(page.jsonLd, null, 2);
    // A fence longer than any run of backticks in the data, so catalog text cannot close it.
    const fence = '`'.repeat(Math.max(3, ...(json.match(/`+/g) ?? []).map((r) => r.length + 1)));
    parts.push(`${fence}json\n${json}\n${fence}`);
  }
  return `${parts.join('\n\n')}\n`;
}
