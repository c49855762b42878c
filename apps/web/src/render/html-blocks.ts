import { PHOTO_BOX } from '../assets/site-css.js';
import { html, type SafeHtml, trusted } from './html.js';
import type { Block, Cell, Column, Field, Inline, Link, ProductCard } from './page-model.js';

// Width and height hints of the photos, in the shape of their box, so the browser reserves the
// right space before they load: 160×120 on a card, 320×240 in a product's gallery.
const CARD_PHOTO = { width: 40 * PHOTO_BOX.width, height: 40 * PHOTO_BOX.height };
const GALLERY_PHOTO = { width: 80 * PHOTO_BOX.width, height: 80 * PHOTO_BOX.height };

/** Turns absolute URLs under the site's base into root-relative ones (shorter, proxy-proof). */
export type LocalHref = (href: string) => string;

/**
 * Renders one link: affiliate links get `rel="sponsored nofollow noopener"`, links from catalog data
 * `rel="ugc nofollow noopener"`, other sites `rel="noopener"`.
 */
export function linkHtml(link: Link, local: LocalHref, className?: string): SafeHtml {
  const rel = link.sponsored
    ? 'sponsored nofollow noopener'
    : link.ugc
      ? 'ugc nofollow noopener'
      : link.external
        ? 'noopener'
        : undefined;
  const a = html`<a href="${local(link.href)}"${className ? html` class="${className}"` : ''}${
    rel ? html` rel="${rel}" target="_blank"` : ''
  }${link.lang ? html` hreflang="${link.lang}"` : ''}${link.current ? trusted(' aria-current="page"') : ''}>${link.text}</a>`;
  return link.note ? html`${a} <span class="note">${link.note}</span>` : a;
}

/** Renders inline content. */
export function inlineHtml(content: readonly Inline[], local: LocalHref): SafeHtml {
  return html`${content.map((part) => {
    if (typeof part === 'string') return part;
    if ('strong' in part) return html`<strong>${part.strong}</strong>`;
    if ('code' in part) return html`<code>${part.code}</code>`;
    return linkHtml(part, local);
  })}`;
}

// The cards a phone shows in its first screen (two rows of two): their photos are fetched at once,
// since the largest of them is the page's largest paint; the rest when scrolled to.
const EAGER_CARDS = 4;

function cardHtml(card: ProductCard, ctx: HtmlContext): SafeHtml {
  const local = ctx.local;
  const href = local(card.href);
  const lazy = ++ctx.cards.n > EAGER_CARDS ? trusted(' loading="lazy" decoding="async"') : '';
  return html`<li class="card">${
    card.image
      ? html`<a class="thumb" href="${href}" tabindex="-1" aria-hidden="true"><img src="${local(card.image.src)}" alt="" width="${CARD_PHOTO.width}" height="${CARD_PHOTO.height}"${lazy}></a>`
      : html`<a class="thumb no-photo" href="${href}" tabindex="-1" aria-hidden="true"><span>${card.title}</span></a>`
  }<h3><a href="${href}">${card.title}</a></h3><p class="meta">${card.brand} · ${card.category}${
    card.batch ? html` · ${card.batch}` : ''
  }</p><p class="price"><strong>${card.price}</strong> <span>${card.converted}</span></p></li>`;
}

function columnHtml(column: Column, local: LocalHref): SafeHtml {
  const sort = column.sort;
  const aria = sort?.active ? html` aria-sort="${sort.active}"` : '';
  const cls = column.numeric ? trusted(' class="num"') : '';
  if (!sort) return html`<th scope="col"${cls}>${column.label}</th>`;
  const arrow = sort.active === 'ascending' ? ' ▲' : sort.active === 'descending' ? ' ▼' : '';
  return html`<th scope="col"${cls}${aria}><a href="${local(sort.href)}">${column.label}${arrow}</a></th>`;
}

function cellHtml(cell: Cell, local: LocalHref): SafeHtml {
  return html`<td${cell.numeric ? trusted(' class="num"') : ''}>${inlineHtml(cell.content, local)}</td>`;
}

type SelectOptions = Extract<Field, { kind: 'select' }>['options'];

// A long option list that a page builder reuses (the ~240 countries of the shipping selector) is
// rendered once per selected value instead of on every page: it was most of those pages' cost.
const renderedOptions = new WeakMap<SelectOptions, Map<string, SafeHtml>>();

function optionsHtml(options: SelectOptions, value: string): SafeHtml {
  let byValue = renderedOptions.get(options);
  if (byValue === undefined) {
    byValue = new Map();
    renderedOptions.set(options, byValue);
  }
  let rendered = byValue.get(value);
  if (rendered === undefined) {
    rendered = html`${options.map(
      (o) =>
        html`<option value="${o.value}"${o.value === value ? trusted(' selected') : ''}>${o.label}</option>`,
    )}`;
    // Only values the list offers are kept: a page asking for another cannot grow the map.
    if (options.some((o) => o.value === value)) byValue.set(value, rendered);
  }
  return rendered;
}

function fieldHtml(field: Field, form: string): SafeHtml {
  if (field.kind === 'hidden')
    return html`<input type="hidden" name="${field.name}" value="${field.value}">`;
  const id = `${form}-${field.name}`;
  const label = html`<label for="${id}">${field.label}</label>`;
  if (field.kind === 'select') {
    return html`<div class="field">${label}<select id="${id}" name="${field.name}">${optionsHtml(field.options, field.value)}</select></div>`;
  }
  const extra =
    field.kind === 'number'
      ? trusted(' inputmode="decimal" min="0" step="any"')
      : trusted(' maxlength="200"');
  return html`<div class="field field-${field.kind}">${label}<input id="${id}" type="${field.kind}" name="${field.name}" value="${field.value}"${extra}></div>`;
}

/**
 * A GET form. With `refine`, a search: the text field and its button on one line, the other
 * fields and their links folded under it, and the filters in force as links that remove them.
 */
function formHtml(block: FormBlock, ctx: HtmlContext, depth: number): SafeHtml {
  const id = `form-${++ctx.ids.n}`;
  const { refine, active } = block;
  const open = html`<form class="${refine ? 'search' : 'filters'}" role="search" aria-label="${block.label}" action="${ctx.local(block.action)}" method="get">`;
  if (!refine) {
    return html`${open}${block.fields.map((f) => fieldHtml(f, id))}<input type="submit" value="${block.submit}"></form>`;
  }
  // The filters in force sit beside the folded control (inside the form, as links), so a phone
  // spends one line on both.
  const inForce = active?.items.length
    ? html`<div class="active-filters"><span>${active.label}:</span><ul class="chips">${active.items.map(
        (f) =>
          html`<li><a href="${ctx.local(f.href)}" aria-label="${f.remove}">${f.text} <span aria-hidden="true">✕</span></a></li>`,
      )}</ul></div>`
    : '';
  return html`${open}<div class="search-row">${block.fields.map((f) => fieldHtml(f, id))}<input type="submit" value="${block.submit}"></div><details class="refine"><summary>${refine.summary}</summary><div class="filters">${refine.fields.map(
    (f) => fieldHtml(f, id),
  )}<input type="submit" value="${refine.submit}"></div>${refine.blocks.map((b) => blockHtml(b, ctx, depth))}</details>${inForce}</form>`;
}

type FormBlock = Extract<Block, { kind: 'form' }>;

/** What rendering one page needs: the href rewriter and a counter for element ids. */
export interface HtmlContext {
  readonly local: LocalHref;
  readonly ids: { n: number };
  /** The product cards rendered so far. */
  readonly cards: { n: number };
}

/** Renders a block; `depth` is the heading level of sections at this depth. */
export function blockHtml(block: Block, ctx: HtmlContext, depth = 2): SafeHtml {
  const local = ctx.local;
  switch (block.kind) {
    case 'section': {
      const h = trusted(`h${Math.min(depth, 6)}`);
      return html`<section aria-labelledby="${block.id}"><${h} id="${block.id}">${block.title}</${h}>${block.blocks.map(
        (b) => blockHtml(b, ctx, depth + 1),
      )}</section>`;
    }
    case 'paragraph':
      return html`<p>${inlineHtml(block.content, local)}</p>`;
    case 'count':
      return html`<p class="count">${block.text}</p>`;
    case 'markdown':
      return html`<div class="prose"${block.lang ? html` lang="${block.lang}"` : ''}>${trusted(block.html)}</div>`;
    case 'products':
      return html`<ul class="cards">${block.items.map((c) => cardHtml(c, ctx))}</ul>`;
    case 'links':
      return html`<ul class="chips">${block.items.map((l) => html`<li>${linkHtml(l, local)}</li>`)}</ul>`;
    case 'buttons':
      return html`<ul class="buttons">${block.items.map(
        (l) => html`<li>${linkHtml(l, local, 'button')}</li>`,
      )}</ul>`;
    case 'facts':
      return html`<dl class="facts">${block.items.map(
        (f) => html`<div><dt>${f.label}</dt><dd>${inlineHtml(f.value, local)}</dd></div>`,
      )}</dl>`;
    case 'table': {
      const id = `table-${++ctx.ids.n}`;
      return html`<section class="${block.wide ? 'table-scroll wide' : 'table-scroll'}" aria-labelledby="${id}" tabindex="0"><table><caption id="${id}">${block.caption}</caption><thead><tr>${block.columns.map(
        (c) => columnHtml(c, local),
      )}</tr></thead><tbody>${block.rows.map((r) => html`<tr>${r.map((c) => cellHtml(c, local))}</tr>`)}</tbody></table></section>`;
    }
    case 'gallery':
      if (block.photos.length === 0) return html`<p class="no-photo lead-photo">${block.empty}</p>`;
      // The first photo is the page's largest paint: fetched at once, not when scrolled to.
      return html`<ul class="strip">${block.photos.map(
        (p, i) =>
          html`<li><a href="${local(p.src)}"><img src="${local(p.src)}" alt="${p.alt}" width="${GALLERY_PHOTO.width}" height="${GALLERY_PHOTO.height}"${
            i === 0 ? trusted(' fetchpriority="high"') : trusted(' loading="lazy" decoding="async"')
          }></a></li>`,
      )}</ul>`;
    case 'price':
      return html`<p class="product-price"><span class="vh">${block.label}: </span><strong>${block.price}</strong>${
        block.converted ? ` ${block.converted}` : ''
      }</p>`;
    case 'form':
      return formHtml(block, ctx, depth);
    case 'pager':
      return html`<nav class="pager" aria-label="${block.label}"><p>${block.summary}</p>${
        block.prev
          ? html`<a rel="prev" href="${local(block.prev.href)}">${block.prev.text}</a>`
          : ''
      }${block.next ? html`<a rel="next" href="${local(block.next.href)}">${block.next.text}</a>` : ''}${
        block.last ? html`<a href="${local(block.last.href)}">${block.last.text}</a>` : ''
      }</nav>`;
    case 'notice':
      return html`<p class="${block.line ? 'notice one-line' : 'notice'}" role="status">${inlineHtml(block.content, local)}</p>`;
    case 'disclosure':
      return html`<aside class="disclosure" aria-label="${block.label}"><p><strong>${block.label}:</strong> ${block.text}</p></aside>`;
  }
}
