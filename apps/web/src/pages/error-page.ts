import { STATUS_CODES } from 'node:http';
import { SERVICE_INFO } from '@repo/catalog-core';
import type { SiteShell } from '../plugins/site.js';
import type { PageModel } from '../render/page-model.js';
import { homeCrumb } from './shared.js';

/** An error as a page (HTML or Markdown): what went wrong, in words safe to show, and ways on. */
export function errorPage(
  site: SiteShell,
  status: number,
  detail: string,
  path: string,
): PageModel {
  const urls = site.urls;
  const title = STATUS_CODES[status] ?? 'Error';
  const clean = sitePath(path).replace(/\.md$/, '');
  return {
    status,
    title: `${title}: ${SERVICE_INFO.title}`,
    description: detail,
    url: urls.absolute(clean),
    mdUrl: urls.absolute(`${clean === '/' ? '/index' : clean}.md`),
    h1: status === 404 ? 'Page not found' : title,
    blocks: [
      { kind: 'notice', content: [detail] },
      {
        kind: 'links',
        label: 'Ways on',
        items: [
          homeCrumb(urls),
          { href: urls.catalog(), mdHref: urls.catalog({}, 'md'), text: 'Search the catalog' },
          { href: urls.apiDocs(), mdHref: urls.apiDocs('md'), text: 'API documentation' },
        ],
      },
    ],
    noindex: true,
  };
}

/**
 * The path a request asked for, as a path of this site: the query left out, one leading slash (a
 * request target may be `//x` or, in absolute form, `http://host/x`).
 */
function sitePath(target: string): string {
  const path = target.startsWith('/')
    ? (target.split('?')[0] ?? '/')
    : (URL.parse(target)?.pathname ?? '/');
  return `/${path.replace(/^\/+/, '')}`;
}
