import type { Language } from '../i18n/languages.js';

// One model per page, rendered twice: to HTML (page-html.ts) and to Markdown (page-markdown.ts).
// Pages only build these values, so the two representations cannot say different things.

/** A link. `mdHref` is where the Markdown twin points instead (the `.md` twin of a page). */
export interface Link {
  readonly href: string;
  readonly text: string;
  readonly mdHref?: string;
  /** An affiliate link: `rel="sponsored nofollow noopener"`, opens in a new tab. */
  readonly sponsored?: boolean;
  /** Another site, not sponsored: `rel="noopener"`, opens in a new tab. */
  readonly external?: boolean;
  /** A link taken from catalog data (a QC album): `rel="ugc nofollow noopener"`, new tab. */
  readonly ugc?: boolean;
  /** `aria-current="page"` / bold in Markdown. */
  readonly current?: boolean;
  /** A short note after the link (a count, a price). */
  readonly note?: string;
  /** The language of the page it leads to, and of its text (a language switch). */
  readonly lang?: string;
}

/** Inline content: text, a link, strong text or code. */
export type Inline = string | Link | { readonly strong: string } | { readonly code: string };

/** A product as listings show it. */
export interface ProductCard {
  readonly title: string;
  readonly href: string;
  readonly mdHref: string;
  readonly brand: string;
  readonly category: string;
  readonly image?: { readonly src: string; readonly alt: string };
  /** `¥328.00` */
  readonly price: string;
  /** `≈ $46.07 · €40.00` */
  readonly converted: string;
  readonly batch?: string;
}

/** A cell of a table: inline content; `numeric` right-aligns it. */
export interface Cell {
  readonly content: readonly Inline[];
  readonly numeric?: boolean;
}

/** A column header; `sort` makes it a link that sorts the table. */
export interface Column {
  readonly label: string;
  readonly numeric?: boolean;
  readonly sort?: {
    readonly href: string;
    readonly mdHref: string;
    readonly active?: 'ascending' | 'descending';
  };
}

/** A filter field of a GET form. */
export type Field =
  | {
      readonly kind: 'search';
      readonly name: string;
      readonly label: string;
      readonly value: string;
    }
  | {
      readonly kind: 'number';
      readonly name: string;
      readonly label: string;
      readonly value: string;
    }
  | {
      readonly kind: 'select';
      readonly name: string;
      readonly label: string;
      readonly value: string;
      readonly options: readonly { readonly value: string; readonly label: string }[];
    }
  | { readonly kind: 'hidden'; readonly name: string; readonly value: string };

/** A filter in force: what it is (`Sneakers`), and the link that removes it. */
export interface ActiveFilter {
  readonly text: string;
  /** The link's accessible name: `Remove: Sneakers`. */
  readonly remove: string;
  readonly href: string;
}

/** The blocks a page is made of. */
export type Block =
  | {
      readonly kind: 'section';
      readonly id: string;
      readonly title: string;
      readonly blocks: readonly Block[];
    }
  | { readonly kind: 'paragraph'; readonly content: readonly Inline[] }
  /** How many results a listing has, and which of them it shows: one line above them. */
  | { readonly kind: 'count'; readonly text: string }
  /**
   * Markdown written by the app itself (FAQ, API docs) with its HTML rendered once by marked;
   * `lang` when it is not in the page's language.
   */
  | {
      readonly kind: 'markdown';
      readonly source: string;
      readonly html: string;
      readonly lang?: string;
    }
  | { readonly kind: 'products'; readonly label: string; readonly items: readonly ProductCard[] }
  | { readonly kind: 'links'; readonly label: string; readonly items: readonly Link[] }
  | { readonly kind: 'buttons'; readonly label: string; readonly items: readonly Link[] }
  | {
      readonly kind: 'facts';
      readonly items: readonly { readonly label: string; readonly value: readonly Inline[] }[];
    }
  | {
      readonly kind: 'table';
      readonly caption: string;
      readonly columns: readonly Column[];
      readonly rows: readonly (readonly Cell[])[];
      /** A spreadsheet: sticky header, horizontal scroll. */
      readonly wide?: boolean;
    }
  /**
   * A product's photos, first in its page: one strip that scrolls sideways, the first photo
   * whole; with none, a box saying so (`empty`, left out of the Markdown).
   */
  | {
      readonly kind: 'gallery';
      readonly photos: readonly { readonly src: string; readonly alt: string }[];
      readonly empty: string;
    }
  /** A product's price: `¥328.00`, and `≈ $46.07` in the visitor's currency. */
  | {
      readonly kind: 'price';
      readonly label: string;
      readonly price: string;
      readonly converted: string;
    }
  | {
      readonly kind: 'form';
      readonly label: string;
      readonly action: string;
      /** How an agent asks the same thing of the Markdown twin. */
      readonly mdHint: string;
      readonly fields: readonly Field[];
      readonly submit: string;
      /**
       * The narrowing fields folded into one control under the text field (`<details>`, closed),
       * with the blocks that go with them (category and order links). In Markdown the blocks
       * follow the hint.
       */
      readonly refine?: {
        readonly summary: string;
        readonly fields: readonly Field[];
        readonly submit: string;
        readonly blocks: readonly Block[];
      };
      /** The filters in force, each a link to the same listing without it. */
      readonly active?: {
        readonly label: string;
        readonly items: readonly ActiveFilter[];
      };
    }
  | {
      readonly kind: 'pager';
      readonly label: string;
      readonly summary: string;
      readonly prev?: Link;
      readonly next?: Link;
      readonly last?: Link;
    }
  /** A notice; `line`: one line above results that scrolls sideways (it holds a link). */
  | { readonly kind: 'notice'; readonly content: readonly Inline[]; readonly line?: boolean }
  | { readonly kind: 'disclosure'; readonly label: string; readonly text: string };

/** The links of the header and footer, in the page's language, keeping a visitor's preferences. */
export interface SiteLinks {
  /** Where the site name in the header leads. */
  readonly home: string;
  readonly nav: readonly Link[];
  readonly footer: readonly Link[];
}

/** What the header and footer of one page show besides the site's links. */
export interface PageChrome {
  /** This page in each language, the current one marked: the language switch. */
  readonly languages: readonly Link[];
  /** This page in each display currency, the current one marked. */
  readonly currencies: readonly Link[];
  /** `<link rel="alternate" hreflang>`: each language's URL, and `x-default`. */
  readonly alternates: readonly { readonly hreflang: string; readonly href: string }[];
  /** The footer's words: affiliate links, and the currency and date of the rates. */
  readonly notes: readonly string[];
}

/** A whole page. */
export interface PageModel {
  readonly status?: number;
  /** The language the page is written in (`<html lang>`, `Content-Language`); default `en`. */
  readonly lang?: Language;
  /** `<title>` and the Markdown front matter title. */
  readonly title: string;
  readonly description: string;
  /**
   * Canonical absolute URL of the HTML page: its language's (`?lang=`, none for English), never
   * with a preference such as `agent` or `currency`.
   */
  readonly url: string;
  /** Absolute URL of its Markdown twin, keeping the page's preference. */
  readonly mdUrl: string;
  readonly h1: string;
  readonly lead?: readonly Inline[];
  readonly breadcrumbs?: readonly Link[];
  readonly blocks: readonly Block[];
  readonly jsonLd?: Record<string, unknown>;
  readonly image?: string;
  readonly ogType?: 'website' | 'product';
  /** Pages past the end of a listing, errors: not worth indexing. */
  readonly noindex?: boolean;
  /** Header and footer links in the page's language, keeping the visitor's preferences. */
  readonly siteLinks?: SiteLinks;
  /** The language and currency switches, alternates and footer notes of the page. */
  readonly chrome?: PageChrome;
}
