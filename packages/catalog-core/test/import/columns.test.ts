import { describe, expect, it } from 'vitest';
import { isCatalogError } from '../../src/errors.js';
import {
  createColumnMapper,
  describeColumns,
  parseColumnMap,
} from '../../src/import/column-map.js';
import { recognizeColumn } from '../../src/import/columns.js';

describe('recognizeColumn: headers by meaning', () => {
  it.each([
    ['Item Name', 'title'],
    ['Name', 'title'],
    ['Product', 'title'],
    ['ITEM', 'title'],
    ['Nombre del producto', 'title'],
    ['Link', 'listing_url'],
    ['URL', 'listing_url'],
    ['W2C', 'listing_url'],
    ['W2C Link', 'listing_url'],
    ['Listing', 'listing_url'],
    ['Item Link', 'listing_url'],
    ['CNFans Link', 'listing_url'],
    ['QC', 'qc_photos'],
    ['QC Photos', 'qc_photos'],
    ['QCPhotos', 'qc_photos'],
    ['QC Link', 'qc_photos'],
    ['Images', 'qc_photos'],
    ['Price', 'price'],
    ['Item Price', 'price'],
    ['Brand', 'brand'],
    ['Brand Name', 'brand'],
    ['Category', 'category'],
    ['Type', 'category'],
    ['Product Type', 'category'],
    ['Batch', 'batch'],
    ['Seller', 'seller'],
    ['Seller Name', 'seller'],
    ['Store', 'seller'],
    ['Item ID', 'item_id'],
    ['itemId', 'item_id'],
    ['ID', 'item_id'],
    ['Platform', 'marketplace'],
    ['Colour', 'colorway'],
    ['Weight (g)', 'weight_grams'],
    ['Date added', 'created_at'],
    ['listing_url', 'listing_url'],
    ['price_cny', 'price'],
  ])('%j fills %s', (header, field) => {
    expect(recognizeColumn(header)?.field).toBe(field);
  });

  it.each([
    ['Price (CNY)', 'CNY'],
    ['Price ¥', 'CNY'],
    ['Price (RMB)', 'CNY'],
    ['CNY', 'CNY'],
    ['Price (USD)', 'USD'],
    ['USD Price', 'USD'],
    ['Price $', 'USD'],
    ['Price €', 'EUR'],
    ['Price (CA$)', 'CAD'],
    ['Price (R$)', 'BRL'],
    ['Preço BRL', 'BRL'],
    ['Price (MX$)', 'MXN'],
    ['Price zł', 'PLN'],
    ['Price (PLN)', 'PLN'],
  ])('%j is a price in %s', (header, currency) => {
    expect(recognizeColumn(header)).toEqual({ field: 'price', currency });
  });

  it.each(['', '   ', 'Notes', 'Size', 'Sizes', 'Rating', 'Seller Link', 'Store URL', '__1'])(
    '%j fills nothing',
    (header) => {
      expect(recognizeColumn(header)).toBeUndefined();
    },
  );
});

describe('recognizeColumn: the headers of community sheets in their eight languages', () => {
  // What real sheets call their columns, language by language (each one's words for a product's
  // name, brand, price, category, seller, photos and link).
  const HEADERS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
    en: [
      ['Product Name', 'title'],
      ['Designer', 'brand'],
      ['Cost', 'price'],
      ['Vendor', 'seller'],
      ['Pics', 'qc_photos'],
      ['Where to buy', 'listing_url'],
    ],
    es: [
      ['Nombre', 'title'],
      ['Producto', 'title'],
      ['Artículo', 'title'],
      ['Marca', 'brand'],
      ['Precio', 'price'],
      ['Categoría', 'category'],
      ['Tipo', 'category'],
      ['Vendedor', 'seller'],
      ['Tienda', 'seller'],
      ['Fotos', 'qc_photos'],
      ['Imágenes', 'qc_photos'],
      ['Enlace', 'listing_url'],
      ['Comprar', 'listing_url'],
      ['Color', 'colorway'],
      ['Peso', 'weight_grams'],
      ['Modelo', 'model'],
    ],
    pt: [
      ['Nome', 'title'],
      ['Produto', 'title'],
      ['Marca', 'brand'],
      ['Preço', 'price'],
      ['Valor', 'price'],
      ['Categoria', 'category'],
      ['Vendedor', 'seller'],
      ['Loja', 'seller'],
      ['Fotos', 'qc_photos'],
      ['Imagens', 'qc_photos'],
      ['Link', 'listing_url'],
      ['Cor', 'colorway'],
    ],
    fr: [
      ['Article', 'title'],
      ['Produit', 'title'],
      ['Nom', 'title'],
      ['Marque', 'brand'],
      ['Prix', 'price'],
      ['Catégorie', 'category'],
      ['Vendeur', 'seller'],
      ['Boutique', 'seller'],
      ['Lien', 'listing_url'],
      ['Photos', 'qc_photos'],
      ['Couleur', 'colorway'],
      ['Poids', 'weight_grams'],
    ],
    de: [
      ['Artikel', 'title'],
      ['Artikelname', 'title'],
      ['Produkt', 'title'],
      ['Produktname', 'title'],
      ['Bezeichnung', 'title'],
      ['Marke', 'brand'],
      ['Preis', 'price'],
      ['Kategorie', 'category'],
      ['Verkäufer', 'seller'],
      ['Shop', 'seller'],
      ['Händler', 'seller'],
      ['Bilder', 'qc_photos'],
      ['Fotos', 'qc_photos'],
      ['Link', 'listing_url'],
      ['Kaufen', 'listing_url'],
      ['Farbe', 'colorway'],
      ['Gewicht', 'weight_grams'],
      ['Artikelnummer', 'item_id'],
      ['Artikel-Nr.', 'item_id'],
      ['Produktlink', 'listing_url'],
      ['Verkaufspreis', 'price'],
      ['Markenname', 'brand'],
      ['Produktbilder', 'qc_photos'],
    ],
    it: [
      ['Articolo', 'title'],
      ['Prodotto', 'title'],
      ['Nome', 'title'],
      ['Marca', 'brand'],
      ['Marchio', 'brand'],
      ['Prezzo', 'price'],
      ['Categoria', 'category'],
      ['Venditore', 'seller'],
      ['Negozio', 'seller'],
      ['Foto', 'qc_photos'],
      ['Immagini', 'qc_photos'],
      ['Colore', 'colorway'],
    ],
    pl: [
      ['Nazwa', 'title'],
      ['Produkt', 'title'],
      ['Przedmiot', 'title'],
      ['Marka', 'brand'],
      ['Cena', 'price'],
      ['Kategoria', 'category'],
      ['Sprzedawca', 'seller'],
      ['Sklep', 'seller'],
      ['Nazwa sklepu', 'seller'],
      ['Zdjęcia', 'qc_photos'],
      ['Link', 'listing_url'],
      ['Kolor', 'colorway'],
      ['Waga', 'weight_grams'],
    ],
    nl: [
      ['Naam', 'title'],
      ['Artikel', 'title'],
      ['Product', 'title'],
      ['Merk', 'brand'],
      ['Prijs', 'price'],
      ['Categorie', 'category'],
      ['Verkoper', 'seller'],
      ['Winkel', 'seller'],
      ["Foto's", 'qc_photos'],
      ['Productnaam', 'title'],
      ['Verkoopprijs', 'price'],
      ['Merknaam', 'brand'],
      ['Kleur', 'colorway'],
    ],
  };
  for (const [language, headers] of Object.entries(HEADERS)) {
    it.each(headers)(`${language}: %j fills %s`, (header, field) => {
      expect(recognizeColumn(header)?.field).toBe(field);
    });
  }

  it.each([
    ['Preis (¥)', 'CNY'],
    ['Preis in €', 'EUR'],
    ['Prix €', 'EUR'],
    ['Prix (EUR)', 'EUR'],
    ['Prezzo €', 'EUR'],
    ['Cena (zł)', 'PLN'],
    ['Cena zl', 'PLN'],
    ['Cena w złotych', 'PLN'],
    ['Prijs in euro', 'EUR'],
    ['Precio (USD)', 'USD'],
    ['Precio en dólares', 'USD'],
    ['Precio en yuanes', 'CNY'],
    ['Preço R$', 'BRL'],
    ['Preço em reais', 'BRL'],
    ['Precio MXN', 'MXN'],
    ['Precio $ MXN', 'MXN'],
    ['Yuan', 'CNY'],
  ])('%j is a price in %s', (header, currency) => {
    expect(recognizeColumn(header)).toEqual({ field: 'price', currency });
  });

  it.each([
    'Größe',
    'Talla',
    'Taglia',
    'Rozmiar',
    'Maat',
    'Notizen',
    'Notas',
    'Uwagi',
    'Opmerkingen',
    'Real',
    'Fecha de compra',
  ])('%j fills nothing', (header) => {
    expect(recognizeColumn(header)).toBeUndefined();
  });
});

describe('parseColumnMap / createColumnMapper: the operator overrides', () => {
  it('maps named columns to fields, headers or nothing, matching names loosely', () => {
    const mapper = createColumnMapper(
      parseColumnMap('Artikel=title, Cost=price_usd,Link=ignore, Sizes = tags'),
    );
    expect(mapper.role('artikel')).toEqual({ field: 'title' });
    expect(mapper.role('COST')).toEqual({ field: 'price', currency: 'USD' });
    expect(mapper.role('Link')).toBeUndefined();
    expect(mapper.role('Sizes')).toEqual({ field: 'tags' });
    expect(mapper.role('Item Name')).toEqual({ field: 'title' });
    expect(mapper.unmatchedOverrides(['Artikel', 'Cost', 'Link'])).toEqual(['Sizes']);
  });

  it('refuses an entry without = or a target that is no field', () => {
    for (const text of ['Item Name', 'A=bogus', '=title']) {
      let error: unknown;
      try {
        parseColumnMap(text);
      } catch (caught) {
        error = caught;
      }
      expect(isCatalogError(error) && error.code).toBe('INVALID_INPUT');
    }
    expect(() => parseColumnMap('A=bogus')).toThrow(
      /"bogus" \(for "A"\) is not a field; use one of slug, title/,
    );
  });
});

describe('describeColumns', () => {
  it('says which column became which field, what was ignored and what is missing', () => {
    const header = ['Item Name', 'Price', 'Link', 'QC Photos', 'Category', '', '', 'Notes', '__1'];
    const report = describeColumns(header, createColumnMapper());
    expect(report.used.map((c) => [c.name, c.position, c.role.field])).toEqual([
      ['Item Name', 0, 'title'],
      ['Price', 1, 'price'],
      ['Link', 2, 'listing_url'],
      ['QC Photos', 3, 'qc_photos'],
      ['Category', 4, 'category'],
    ]);
    expect(report.unnamed).toEqual([5, 6, 8]);
    expect(report.ignored).toEqual(['Notes']);
    expect(report.missing).toEqual(['brand']);
  });
});
