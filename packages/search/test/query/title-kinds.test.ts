import type { CategoryId } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { titleKinds } from '../../src/query/title-kinds.js';

const kinds = (title: string, category: CategoryId) => titleKinds({ title, category });

describe('titleKinds', () => {
  it.each([
    ['Hermès Gürtel H Buckle', 'accessories', ['belt']],
    ['Ceinture Louis Vuitton Initiales', 'accessories', ['belt']],
    ['Louis Vuitton Brieftasche Multiple', 'accessories', ['wallet']],
    ['Goyard Kartenetui Saint Sulpice', 'accessories', ['wallet']],
    ['Tiffany Kette und Armband', 'accessories', ['necklace', 'bracelet']],
    ['Eastpak rugzak Padded', 'bags', ['backpack']],
    ['Sac à dos Eastpak', 'bags', ['backpack']],
    ['Doudoune Moncler Maya', 'jackets', ['puffer']],
    ["Boucles d'oreilles Cartier", 'accessories', ['earrings']],
  ] as const)('%s (%s) names %j', (title, category, expected) => {
    expect(kinds(title, category)).toEqual(expected);
  });

  it('reads whole words only, the longest phrase first', () => {
    expect(kinds('Kettenhemd Silber', 'accessories')).toEqual([]);
    expect(kinds('Gucci belt bag', 'bags')).toEqual(['fannypack']);
    expect(kinds('Pasek do zegarka Rolex', 'accessories')).toEqual(['watchstrap']);
    // Its stop words are words of the phrase here: "sac" alone is any bag.
    expect(kinds('Sac Goyard Saint Louis', 'bags')).toEqual([]);
  });

  it('counts a word only where the category is the kind’s', () => {
    expect(kinds('Basic Canvas Slip-On', 'sneakers')).toEqual([]);
    expect(kinds('Calvin Klein Slip 3-Pack', 'underwear')).toEqual(['boxers']);
    expect(kinds('Lumen Archive Slip Dress', 'women')).toEqual(['dress']);
    expect(kinds('Cartier Tank Must', 'accessories')).toEqual([]);
    expect(kinds('Kinder Rucksack', 'kids')).toEqual([]);
  });

  it('names nothing by a word the lexicon lists for two kinds', () => {
    expect(kinds('UGG Tasman slippers', 'sneakers')).toEqual([]);
  });
});
