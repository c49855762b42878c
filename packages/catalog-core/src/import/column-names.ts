import type { Product } from '../product.js';

/** A field a column can fill (see `ImportField`). */
type Field = keyof Product;

// Every word here is folded as `headerWords` folds a header: lower case, no accents, `ł` as `l`,
// split at punctuation and between camelCase words ("Foto's" → `foto s`, "Zdjęcia" → `zdjecia`).
// German and Dutch write a header as one word ("Produktlink", "Verkoopprijs"): the common ones
// are listed whole.

/** Whole header names (their words joined by `_`) that mean a field, beyond its own name. */
export const COLUMN_NAMES: Readonly<Record<string, Field>> = {
  id: 'item_id',
  itemid: 'item_id',
  item_no: 'item_id',
  item_nr: 'item_id',
  item_number: 'item_id',
  offer_id: 'item_id',
  product_id: 'item_id',
  listing_id: 'item_id',
  // "Artikel" is the title in German and Dutch; its number is not.
  artikelnummer: 'item_id',
  artikel_nr: 'item_id',
  art_nr: 'item_id',
  where_to_cop: 'listing_url',
  where_to_buy: 'listing_url',
  // "Buy", "Kaufen", "Comprar" alone head a column of links; inside a header ("Fecha de compra",
  // "Buy Price") they say something else, so they are whole names, not words.
  buy: 'listing_url',
  buy_here: 'listing_url',
  w2b: 'listing_url',
  comprar: 'listing_url',
  compra: 'listing_url',
  compre: 'listing_url',
  comprar_aqui: 'listing_url',
  acheter: 'listing_url',
  kaufen: 'listing_url',
  hier_kaufen: 'listing_url',
  acquista: 'listing_url',
  kup: 'listing_url',
  kup_tutaj: 'listing_url',
  kopen: 'listing_url',
  hier_kopen: 'listing_url',
  category_id: 'category',
  colourway: 'colorway',
  cw: 'colorway',
  date: 'created_at',
  date_added: 'created_at',
  added: 'created_at',
  added_at: 'created_at',
  created: 'created_at',
};

/**
 * Words of a header that say which field a column fills, tried in this order: the first rule
 * with a word in the header wins. The order settles headers with several meanings: "QC Link"
 * holds photos, "Item Link" a link, "Item Price" a price, "Seller Name" and "Nazwa sklepu" a
 * seller, "Item Name" a title. Each list holds English, then Spanish, Portuguese, French,
 * German, Italian, Polish and Dutch words, the languages of the lexicon.
 */
export const COLUMN_WORDS: readonly (readonly [Field, readonly string[]])[] = [
  [
    'qc_photos',
    [
      ...['qc', 'qcs', 'photo', 'photos', 'pic', 'pics', 'picture', 'pictures', 'image', 'images'],
      ...['img', 'imgs', 'album', 'albums', 'gallery'],
      ...['foto', 'fotos', 'imagen', 'imagenes', 'galeria'],
      ...['imagem', 'imagens'],
      ...['galerie'],
      ...['bild', 'bilder', 'produktbild', 'produktbilder', 'produktfotos'],
      ...['immagine', 'immagini'],
      ...['zdjecie', 'zdjecia', 'zdjec', 'fotki'],
      ...['afbeelding', 'afbeeldingen', 'productfoto', 'productfotos'],
    ],
  ],
  [
    'price',
    [
      ...['price', 'prices', 'cost', 'retail'],
      ...['precio', 'precios', 'costo', 'coste'],
      ...['preco', 'precos', 'valor'],
      ...['prix', 'tarif'],
      ...['preis', 'preise', 'kosten', 'verkaufspreis', 'einzelpreis'],
      ...['prezzo', 'prezzi'],
      ...['cena', 'ceny', 'koszt'],
      ...['prijs', 'prijzen', 'verkoopprijs'],
    ],
  ],
  [
    'seller',
    [
      ...['seller', 'sellers', 'store', 'shop', 'vendor', 'supplier'],
      ...['vendedor', 'tienda', 'proveedor'],
      ...['loja', 'fornecedor'],
      ...['vendeur', 'boutique', 'magasin', 'fournisseur'],
      ...['verkaufer', 'handler', 'laden', 'lieferant', 'anbieter'],
      ...['venditore', 'negozio', 'fornitore'],
      ...['sprzedawca', 'sprzedawcy', 'sklep', 'sklepu', 'dostawca'],
      ...['verkoper', 'winkel', 'leverancier'],
    ],
  ],
  [
    'listing_url',
    [
      ...['link', 'links', 'url', 'urls', 'w2c', 'listing', 'href', 'hyperlink'],
      ...['enlace', 'enlaces'],
      ...['lien', 'liens'],
      ...['collegamento'],
      ...['produktlink', 'artikellink', 'kauflink'],
      ...['odnosnik', 'lacze'],
      ...['productlink'],
    ],
  ],
  [
    'brand',
    [
      ...['brand', 'brands', 'designer', 'label'],
      ...['marca', 'marcas'],
      ...['marque', 'marques'],
      ...['marke', 'marken', 'markenname', 'hersteller'],
      ...['marchio'],
      ...['marka', 'marki', 'producent'],
      ...['merk', 'merken', 'merknaam'],
    ],
  ],
  [
    'category',
    [
      ...['category', 'categories', 'cat', 'type', 'types', 'section', 'kind'],
      ...['categoria', 'categorias', 'tipo', 'seccion'],
      ...['secao'],
      ...['categorie', 'rubrique'],
      ...['kategorie', 'kategorien', 'typ', 'rubrik'],
      ...['tipologia'],
      ...['kategoria', 'rodzaj'],
      ...['soort', 'rubriek'],
    ],
  ],
  [
    'batch',
    [
      ...['batch', 'batches', 'factory'],
      ...['lote', 'fabrica'],
      ...['usine'],
      ...['fabrik'],
      ...['fabbrica'],
      ...['fabryka'],
      ...['fabriek'],
    ],
  ],
  [
    'marketplace',
    [
      ...['marketplace', 'platform', 'site', 'mall', 'source'],
      ...['plataforma', 'plateforme', 'plattform', 'piattaforma', 'platforma'],
    ],
  ],
  [
    'colorway',
    [
      ...['colorway', 'colourway', 'color', 'colour', 'colors', 'colours'],
      ...['colores'],
      ...['cor', 'cores'],
      ...['couleur', 'couleurs', 'coloris'],
      ...['farbe', 'farben'],
      ...['colore', 'colori'],
      ...['kolor', 'kolory'],
      ...['kleur', 'kleuren'],
    ],
  ],
  ['weight_grams', ['weight', 'grams', 'peso', 'poids', 'gewicht', 'waga']],
  ['tags', ['tag', 'tags', 'keywords']],
  ['model', ['model', 'models', 'modelo', 'modelos', 'modele', 'modell', 'modello']],
  [
    'title',
    [
      ...['title', 'name', 'item', 'items', 'product', 'products', 'article'],
      ...['nombre', 'producto', 'productos', 'articulo', 'titulo'],
      ...['nome', 'produto', 'produtos', 'artigo'],
      ...['nom', 'produit', 'produits', 'titre', 'designation', 'libelle'],
      ...['artikel', 'artikelname', 'artikelbezeichnung', 'produkt', 'produkte', 'produktname'],
      ...['bezeichnung', 'titel'],
      ...['articolo', 'articoli', 'prodotto', 'prodotti', 'titolo'],
      ...['nazwa', 'przedmiot', 'produkty', 'tytul'],
      ...['naam', 'productnaam'],
    ],
  ],
];
