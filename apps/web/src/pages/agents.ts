import { type Agent, agentSignupUrl, type SiteUrls } from '@repo/catalog-core';
import type { Locale } from '../i18n/locale.js';
import type { Block, Inline } from '../render/page-model.js';
import { section } from './shared.js';

function fees(locale: Locale, agent: Agent): string {
  const { m } = locale;
  const f = agent.fees;
  const service =
    f.service_pct === 0
      ? m.agents.noServiceFee
      : locale.t(m.agents.serviceFee, { pct: f.service_pct });
  return locale.t(m.agents.feesLine, {
    service,
    payment: f.payment_pct,
    days: f.free_storage_days,
  });
}

function lines(locale: Locale, agent: Agent): string {
  return agent.shipping_lines
    .map((l) =>
      locale.t(locale.m.agents.line, {
        name: l.name,
        days: locale.t(locale.m.common.days, l.delivery_days),
      }),
    )
    .join(', ');
}

/**
 * One section per agent: verified status, offers, fees, lines, sign-up and spreadsheet links; the
 * visitor's preferred agent says so in its heading.
 */
export function agentBlocks(
  urls: SiteUrls,
  locale: Locale,
  agents: readonly Agent[],
  preferred?: Agent,
): Block[] {
  const { m } = locale;
  return agents.map((agent) => {
    const offers: Inline[] = agent.offers.length
      ? [
          agent.offers
            .map((o) => (o.conditions ? `${o.headline} (${o.conditions})` : o.headline))
            .join('; '),
        ]
      : [m.agents.noOffers];
    const title = agent.id === preferred?.id ? `${agent.name} (${m.common.yourAgent})` : agent.name;
    return section(`agent-${agent.id}`, title, [
      {
        kind: 'facts',
        items: [
          {
            label: m.agents.status,
            value: [
              agent.verified ? m.agents.verified : m.agents.notVerified,
              agent.status === 'active'
                ? ''
                : locale.t(m.agents.statusNote, { status: m.agents.states[agent.status] }),
            ],
          },
          { label: m.agents.offers, value: offers },
          { label: m.agents.fees, value: [fees(locale, agent)] },
          { label: m.agents.lines, value: [lines(locale, agent)] },
        ],
      },
      {
        kind: 'buttons',
        label: locale.t(m.agents.links, { agent: agent.name }),
        items: [
          {
            href: agentSignupUrl(agent),
            text: locale.t(m.agents.signUp, { agent: agent.name }),
            sponsored: true,
          },
          {
            href: urls.spreadsheet(agent.id),
            mdHref: urls.spreadsheet(agent.id, {}, 'md'),
            text: locale.t(m.agents.spreadsheet, { agent: agent.name }),
          },
        ],
      },
    ]);
  });
}
