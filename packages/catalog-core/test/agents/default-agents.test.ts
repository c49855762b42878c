import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { AGENT_IDS, AgentSchema, isAgentId } from '../../src/agents/agent.js';
import { toAgentOffers } from '../../src/agents/agent-offers.js';
import { DEFAULT_AGENTS, getAgent } from '../../src/agents/default-agents.js';
import { AgentOffersSchema } from '../../src/contracts/tools/get-agent-offers-contract.js';

describe('default agents', () => {
  it('are the three agents, each valid against AgentSchema', () => {
    expect(DEFAULT_AGENTS.map((a) => a.id)).toEqual([...AGENT_IDS]);
    const check = Compile(AgentSchema);
    for (const agent of DEFAULT_AGENTS) expect([...check.Errors(agent)]).toEqual([]);
  });

  it('use placeholder hosts under .example and three different link styles', () => {
    for (const agent of DEFAULT_AGENTS)
      expect(new URL(agent.homepage).hostname).toMatch(/\.example$/);
    const templates = DEFAULT_AGENTS.map((a) => a.link.template);
    expect(templates[0]).toContain('{platform}');
    expect(templates[1]).toContain('{raw}');
    expect(templates[2]).toMatch(/\/\{platform\}\/\{id\}$/);
  });

  it('have 3-4 shipping lines each, with a US-only tax-free line', () => {
    for (const agent of DEFAULT_AGENTS) {
      expect(agent.shipping_lines.length).toBeGreaterThanOrEqual(3);
      expect(agent.shipping_lines.length).toBeLessThanOrEqual(4);
    }
    const usLine = getAgent('agent_a')?.shipping_lines.find((l) => l.id === 'us-tax-free');
    expect(usLine?.rates.map((r) => r.country)).toEqual(['US']);
  });

  it('look agents up by id', () => {
    expect(getAgent('agent_c')?.name).toBe('Jade Parcel');
    expect(getAgent('agent_x')).toBeUndefined();
    expect(isAgentId('agent_a')).toBe(true);
    expect(isAgentId('pandabuy')).toBe(false);
  });

  it('summarise into the get_agent_offers shape', () => {
    const summary = toAgentOffers(
      DEFAULT_AGENTS[0]!,
      'https://catalog.example/spreadsheet/agent_a',
    );
    expect([...Compile(AgentOffersSchema).Errors(summary)]).toEqual([]);
    expect(summary.signup_url).toBe('https://agent-a.example/register?ref=catalogdemo');
    expect(summary.shipping_lines.find((l) => l.id === 'dhl')?.countries).toContain('*');
  });
});
