import { describe, expect, it } from 'vitest';
import { DEFAULT_LEXICON } from '../../src/lexicon/default-lexicon.js';
import { PhraseTable } from '../../src/lexicon/phrase-table.js';
import { readTitle } from '../../src/lexicon/recognize.js';

const read = (title: string, learned?: PhraseTable<string>) =>
  readTitle(title, DEFAULT_LEXICON, learned);

describe('readTitle: the brand', () => {
  it.each([
    ['Nike Air Jordan 4 Black Cat', 'Jordan'],
    ['Fear of God Essentials Hoodie', 'Essentials'],
    ['Fear of God Eternal Hoodie', 'Fear of God'],
    ['Kith Box Logo Hoodie', 'Kith'],
    ['Comme des Garçons Play Heart Tee', 'Comme des Garçons Play'],
    ["Levi's 501 Jeans", "Levi's"],
    ['Nike Sportswear Essentials Hoodie', 'Nike'],
    ['耐克 Dunk Low 熊猫', 'Nike'],
    ['北面1996Nuptse羽绒服', 'The North Face'],
  ])('%s names %s', (title, brand) => {
    expect(read(title)).toMatchObject({ brand, brandVia: 'name' });
  });

  it('takes a model’s brand only when nothing before the model may be a brand', () => {
    expect(read('Dunk Low Panda')).toMatchObject({ brand: 'Nike', brandVia: 'model' });
    expect(read('Black Speedmaster Moonwatch')).toMatchObject({ brand: 'Omega' });
    // "Zorblax" could be a brand nobody listed: not Supreme's box logo, not Nike's dunk.
    expect(read('Zorblax Box Logo Hoodie')).toMatchObject({ unknownLead: 'Zorblax' });
    expect(read('Zorblax Box Logo Hoodie').brand).toBeUndefined();
    expect(read('Zorblax Studios Dunk Low').unknownLead).toBe('Zorblax Studios');
  });

  it('counts an everyday-word brand only where the title starts', () => {
    expect(read('Palace Tri-Ferg Tee').brand).toBe('Palace');
    expect(read('Orologio Omega Seamaster').brand).toBe('Omega');
    expect(read('Stussy Nylon Coach Jacket').brand).toBe('Stüssy');
    expect(read('Coach jacket plain black nylon').brand).toBeUndefined();
    expect(read('Oversized Guess Tee').brand).toBe('Guess');
    expect(read('Stussy Guess Tee').brand).toBe('Stüssy');
  });

  it('takes a short spelling (FOG, TNF, LV) for its brand only in capitals, or where the title starts', () => {
    // "Fog" is a colourway of a model only Nike makes, not Fear of God.
    expect(read('Dunk Low gris niebla (Grey Fog)')).toMatchObject({
      brand: 'Nike',
      brandVia: 'model',
    });
    expect(read('DUNK LOW GREY FOG').brand).toBe('Nike');
    expect(read('Jordan 1 Low (Grey Fog)').brand).toBe('Jordan');
    expect(read('Nuptse 1996 jacket tnf black').brand).toBe('The North Face');
    expect(read('Cloud Arc Tee').brand).toBeUndefined();
    expect(read('Arc Logo Hoodie').brand).toBe("Arc'teryx");
    // Written in capitals in a title that is not, or where the title starts, it is the brand.
    expect(read('Eternal Hoodie (FOG)').brand).toBe('Fear of God');
    expect(read('FOG Eternal Hoodie').brand).toBe('Fear of God');
    expect(read('fog eternal hoodie').brand).toBe('Fear of God');
    expect(read('Hoodie FOG').brand).toBe('Fear of God');
    expect(read('Keepall 50 LV').brand).toBe('Louis Vuitton');
    expect(read('Nike x FOG Dunk').brand).toBe('Nike');
  });

  it('reads a misspelt brand where the title starts, and says how it was written', () => {
    expect(read('Moncelr Maya shiny navy')).toMatchObject({
      brand: 'Moncler',
      brandVia: 'typo',
      brandAsWritten: 'Moncelr',
    });
    expect(read('New Ballance 530').brand).toBe('New Balance');
    expect(read('balenciga triple s').brand).toBe('Balenciaga');
    // Words under six letters are never taken for another: "Amira" is not Amiri.
    expect(read('Amira Hoodie').brand).toBeUndefined();
  });

  it('tells the lines of one house apart by what the product is', () => {
    expect(read('YSL Y EDP 100ml').brand).toBe('Yves Saint Laurent');
    expect(read('YSL Le 5 à 7 bag').brand).toBe('Saint Laurent');
  });

  it('uses what the sheet taught where the title starts', () => {
    const learned = new PhraseTable<string>();
    learned.add('zorblax studios', 'Zorblax Studios');
    expect(read('Zorblax Studios Box Logo Hoodie', learned)).toMatchObject({
      brand: 'Zorblax Studios',
      brandVia: 'learned',
    });
    expect(read('Vintage Zorblax Studios Tee', learned).brand).toBe('Zorblax Studios');
    expect(read('Nike Zorblax Studios Tee', learned).brand).toBe('Nike');
  });
});

describe('readTitle: the kind of product', () => {
  it.each([
    ['Nike Tech Fleece Hoodie', 'hoodies'],
    ['Bluza Nike Tech Fleece', 'hoodies'],
    ['Kurtka Moncler Maya', 'jackets'],
    ['Goyard Wallet with dust bag', 'accessories'],
    ['Nike Tech Fleece full set (hoodie + joggers)', 'sets'],
    ['Jordan 1 Mid GS', 'kids'],
    ['Stone Island Junior hoodie', 'kids'],
    ['Chrome Hearts sunglasses Bone', 'accessories'],
    ['Vans Slip-On Checkerboard', 'sneakers'],
    ['Football jersey Arsenal home', 't-shirts'],
  ])('%s is %s', (title, kind) => {
    expect(read(title).kind).toBe(kind);
  });

  it.each([
    // In Latin America a "cartera" is a handbag; a wallet is a "billetera" (a "carteira" in Brazil).
    ['Cartera Guess negra', 'bags'],
    ['Carteras Michael Kors', 'bags'],
    ['Cartera de mano Zara', 'bags'],
    ['Billetera Goyard', 'accessories'],
    ['Monedero LV', 'accessories'],
    ['Carteira Gucci', 'accessories'],
    // Console controllers, in the words of each language.
    ['Control PS5 DualSense', 'electronics'],
    ['Controles Xbox Series', 'electronics'],
    ['Mando PS5 blanco', 'electronics'],
    ['Joystick PS4 Dualshock', 'electronics'],
    ['Gamepad Xbox', 'electronics'],
    ['Manette PS5', 'electronics'],
    ['Controle PS5 branco', 'electronics'],
    ['Kontroler Xbox', 'electronics'],
  ])('%s is %s', (title, kind) => {
    expect(read(title).kind).toBe(kind);
  });

  it('lets a model say what it is over a kind word that is a colour or a name too', () => {
    // "Bone" is a cap in Portuguese and a colourway; "Crowd Control" a colourway's name.
    expect(read('Air Max 90 Bone')).toMatchObject({ modelKind: 'sneakers' });
    expect(read('Air Max 90 Bone').kind).toBeUndefined();
    expect(read('Jordan 1 Crowd Control').kind).toBeUndefined();
    expect(read('Boné Nike preto').kind).toBe('caps');
  });

  it('knows the kind of a model, and of a one-category brand', () => {
    expect(read('Jordan 11 Concord').kind).toBeUndefined();
    expect(read('Jordan 11 Concord').brandKind).toBe('sneakers');
    expect(read('AJ4 Bred')).toMatchObject({ modelKind: 'sneakers' });
    expect(read('Creed Aventus 100ml').brandKind).toBe('perfumes');
  });

  it('keeps a weak word for whom apart when nothing says what the product is', () => {
    expect(read('Carolina Herrera Good Girl')).toMatchObject({
      audience: 'women',
      brandKind: 'perfumes',
    });
    expect(read('Zara women jacket').kind).toBe('women');
  });
});
