import type { Agent, BuyLink } from '@repo/catalog-core';
import type { Locale } from '../i18n/locale.js';
import type { Link } from '../render/page-model.js';

/**
 * The buy links as a page shows them: the preferred agent's first and marked, the others in
 * their usual order; without a preference, the usual order unchanged.
 *
 * @example buyButtons(locale, links, agentB) // [{ text: 'Buy with Bamboo Cart (your agent)', … }, …]
 */
export function buyButtons(locale: Locale, links: readonly BuyLink[], preferred?: Agent): Link[] {
  const ordered = preferred
    ? [
        ...links.filter((l) => l.agent === preferred.id),
        ...links.filter((l) => l.agent !== preferred.id),
      ]
    : links;
  return ordered.map((l) => ({
    href: l.url,
    text: `${locale.t(locale.m.common.buyWith, { agent: l.name })}${
      l.agent === preferred?.id ? ` (${locale.m.common.yourAgent})` : ''
    }`,
    sponsored: true,
  }));
}

/** The agents in the order a page lists them: the preferred one first. */
export function preferredFirst(agents: readonly Agent[], preferred?: Agent): Agent[] {
  return preferred
    ? [
        ...agents.filter((a) => a.id === preferred.id),
        ...agents.filter((a) => a.id !== preferred.id),
      ]
    : [...agents];
}
