import { describe, expect, it } from 'vitest';
import { createSheetLearner } from '../../src/import/sheet-learning.js';

/** What a learner learns from rows of these titles (and categories). */
function learn(rows: readonly (string | [string, string])[]) {
  const learner = createSheetLearner();
  for (const row of rows) {
    const [title, category] = typeof row === 'string' ? [row, ''] : row;
    learner.add({ Title: title, Category: category, Link: 'x', Price: '1' });
  }
  return learner.finish();
}

const names = (rows: readonly (string | [string, string])[]) =>
  learn(rows).brands.map((b) => b.name);

describe('createSheetLearner: brands no list knows', () => {
  it('learns a run of unknown words that opens titles going on differently', () => {
    const knowledge = learn([
      'Zorblax Studios Logo Hoodie',
      'ZORBLAX STUDIOS tee washed black',
      'Zorblax Studios Cargo Pants',
      'Plain white tee',
    ]);
    expect(knowledge.brands).toEqual([{ name: 'Zorblax Studios', rows: 3, from: 'titles' }]);
    expect(knowledge.brandTable.get('zorblax studios')).toBe('Zorblax Studios');
  });

  it('learns the shortest run that qualifies, and title-cases one written in capitals', () => {
    expect(names(['QUIBBLE Treats Tee', 'QUIBBLE Treats Hoodie', 'QUIBBLE Cap'])).toEqual([
      'Quibble',
    ]);
    expect(names(['ALD tee', 'ALD hoodie'])).toEqual([]);
    expect(names(['XQZ tee', 'XQZ hoodie'])).toEqual(['XQZ']);
  });

  it('learns nothing from one title, the same model twice, or a word found inside titles too', () => {
    expect(names(['Zorblax Hoodie'])).toEqual([]);
    // A colourway before a model is followed by the same model every time.
    expect(names(['Grumble Dunk Low', 'Grumble Dunk High'])).toEqual([]);
    // An adjective opens some titles and stands inside others.
    expect(
      names(['Frayed Cargo Pants', 'Frayed Hoodie', 'Stussy Frayed Tee', 'Nike Frayed Shorts']),
    ).toEqual([]);
  });

  it('learns each side of a collaboration with a known brand, once seen', () => {
    expect(names(['Zorblax x Nike Dunk Low'])).toEqual(['Zorblax']);
    expect(names(['Nike x Quibble Air Max 95'])).toEqual(['Quibble']);
    // A model name with an X in it has no brand beside the X.
    expect(names(['Logitech G Pro X Superlight mouse', 'Oakley Juliet X Metal'])).toEqual([]);
  });

  it('learns the values of a brand column, for its rows that leave it empty', () => {
    const learner = createSheetLearner();
    learner.add({ Title: 'Logo Hoodie', Brand: 'Zorblax', Link: 'x', Price: '1' });
    learner.add({ Title: 'Nike Dunk', Brand: 'Nike', Link: 'x', Price: '1' });
    expect(learner.finish().brands).toEqual([{ name: 'Zorblax', rows: 1, from: 'brand column' }]);
  });
});

describe('createSheetLearner: the words of each category', () => {
  it('votes with words seen twice, four times in five in one category', () => {
    const knowledge = learn([
      ['Goyard Saint Louis PM', 'Bags'],
      ['Goyard Artois MM', 'Bags'],
      ['Goyard card holder', 'Accessories'],
      ['Goyard Anjou mini', 'Taschen'],
      ['Goyard Belvedere', 'bags'],
      ['Black tee', 'T-Shirts'],
      ['Black hoodie', 'Hoodies'],
    ]);
    expect(knowledge.categoryOf(['goyard', 'rouette'])).toBe('bags');
    expect(knowledge.categoryOf(['black'])).toBeUndefined();
    expect(knowledge.categoryOf(['zorblax'])).toBeUndefined();
  });
});
