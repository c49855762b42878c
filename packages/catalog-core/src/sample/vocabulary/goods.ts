import { brand, type CategorySpec, list } from '../category-spec.js';

const GOODS_BATCHES = list('Top|OG|1:1|Mirror|GD|Z');

/** Backpacks, totes, crossbody and shoulder bags. */
export const BAGS: CategorySpec = {
  id: 'bags',
  share: 1300,
  titleStyle: 'quoted',
  batches: GOODS_BATCHES,
  batchRate: 0.5,
  price: { median: 450, spread: 0.6, min: 79, max: 3580 },
  weight: [400, 1600],
  tags: list('leather|canvas|crossbody|tote|backpack|travel|with dust bag|date code'),
  colorways: list('Monogram|Damier Ebene|Damier Azur|Black|Noir|Beige|Tan|Caramel|White|Green'),
  brands: [
    brand('Louis Vuitton', 'Keepall 50|Neverfull MM|Speedy 25|Christopher Backpack|Pochette Métis'),
    brand('Gucci', 'GG Marmont|Ophidia Tote|Jackie 1961'),
    brand('Prada', 'Re-Edition 2005|Re-Nylon Backpack|Galleria'),
    brand('Dior', 'Saddle Bag|Book Tote|Saddle Pouch'),
    brand('Goyard', 'Saint Louis Tote|Anjou Mini|Belvedere'),
    brand('Chanel', 'Classic Flap|22 Bag|Boy Bag'),
    brand('Bottega Veneta', 'Jodie|Cassette|Andiamo'),
    brand('Hermès', 'Birkin 30|Kelly 28|Evelyne'),
    brand('Celine', 'Triomphe|Ava'),
    brand('Loewe', 'Puzzle|Hammock'),
    brand('Balenciaga', 'Le Cagole|Hourglass'),
    brand('Saint Laurent', 'Loulou|Kate'),
    brand('Supreme', 'Shoulder Bag|Backpack'),
    brand("Arc'teryx", 'Mantis 2 Waist Pack|Arro 22 Backpack'),
  ],
};

/** Caps, beanies and bucket hats. */
export const CAPS: CategorySpec = {
  id: 'caps',
  share: 900,
  titleStyle: 'quoted',
  batches: GOODS_BATCHES,
  batchRate: 0.25,
  price: { median: 75, spread: 0.4, min: 25, max: 320 },
  weight: [120, 300],
  tags: list('baseball cap|trucker|beanie|bucket hat|fitted|snapback|embroidered'),
  colorways: list('Black|Navy|White|Khaki|Grey|Red|Green|Brown'),
  brands: [
    brand('New Era', '59FIFTY Yankees|9FORTY Dodgers|59FIFTY Mets'),
    brand('Chrome Hearts', 'Trucker Hat|Cross Beanie'),
    brand('Stüssy', 'Bucket Hat|Stock Cap'),
    brand('Prada', 'Re-Nylon Bucket Hat|Triangle Logo Cap'),
    brand('Ralph Lauren', 'Polo Bear Cap|Classic Pony Cap'),
    brand('Supreme', 'Box Logo Beanie|Camp Cap'),
    brand('Carhartt WIP', 'Watch Hat Beanie'),
    brand('Gallery Dept.', 'Logo Cap'),
    brand('Corteiz', 'Alcatraz Trucker'),
    brand('Balenciaga', 'Logo Cap'),
    brand('Moncler', 'Logo Beanie'),
    brand("Arc'teryx", 'Bird Head Toque'),
  ],
};

/** Belts, wallets, jewellery, sunglasses and watches. */
export const ACCESSORIES: CategorySpec = {
  id: 'accessories',
  share: 1150,
  titleStyle: 'quoted',
  batches: list('Top|1:1|Clean Factory|VS Factory|ZF|904L'),
  batchRate: 0.3,
  price: { median: 160, spread: 0.8, min: 19, max: 3880 },
  weight: [50, 600],
  tags: list('jewellery|watch|belt|wallet|sunglasses|scarf|silver 925|gift box'),
  colorways: list('Silver|Gold|Rose Gold|Black|Brown|Steel|Green Dial|Blue Dial|Monogram|Beige'),
  brands: [
    brand('Chrome Hearts', 'Cross Ring|Forever Ring|Paper Chain Necklace'),
    brand('Cartier', 'Love Bracelet|Juste un Clou Bracelet|Santos Watch'),
    brand('Van Cleef & Arpels', 'Alhambra Necklace|Alhambra Bracelet'),
    brand('Rolex', 'Submariner|Datejust 41|Daytona|GMT-Master II'),
    brand('Louis Vuitton', 'Initiales Belt|Multiple Wallet|Pocket Organizer'),
    brand('Hermès', 'H Belt|Clic H Bracelet'),
    brand('Gucci', 'GG Marmont Belt|Card Case'),
    brand('Ray-Ban', 'Wayfarer|Aviator'),
    brand('Prada', 'Symbole Sunglasses'),
    brand('Goyard', 'Saint-Sulpice Card Holder'),
    brand('Burberry', 'Check Cashmere Scarf'),
    brand('Vivienne Westwood', 'Orb Pearl Necklace|Bas Relief Earrings'),
  ],
};

/** Earbuds, headphones, speakers, chargers and watches. */
export const ELECTRONICS: CategorySpec = {
  id: 'electronics',
  share: 450,
  titleStyle: 'plain',
  batches: list('Huilian|Luoda|Jerry|V3|Top'),
  batchRate: 0.3,
  price: { median: 150, spread: 0.6, min: 29, max: 920 },
  weight: [150, 700],
  tags: list('bluetooth|ANC|wireless charging|USB-C|gift|type-c'),
  colorways: list('White|Black|Midnight|Silver|Space Grey|Sky Blue|Starlight|Pink'),
  brands: [
    brand('Apple', 'AirPods Pro 2|AirPods 4|AirPods Max|Watch Ultra 2'),
    brand('Beats', 'Studio Pro|Solo 4|Powerbeats Pro'),
    brand('Sony', 'WH-1000XM5|WF-1000XM5'),
    brand('Bose', 'QuietComfort Ultra|QuietComfort Earbuds II'),
    brand('JBL', 'Flip 6|Charge 5'),
    brand('Marshall', 'Emberton II|Major IV'),
    brand('Anker', 'PowerCore 20000|65W GaN Charger'),
    brand('Xiaomi', 'Smart Band 8|Redmi Buds 5'),
  ],
};

/** Eau de parfum, eau de toilette and gift sets; the "colourway" is the bottle size. */
export const PERFUMES: CategorySpec = {
  id: 'perfumes',
  share: 467,
  titleStyle: 'plain',
  batches: [],
  batchRate: 0,
  price: { median: 130, spread: 0.4, min: 45, max: 460 },
  weight: [350, 600],
  tags: list('eau de parfum|eau de toilette|long lasting|gift set|tester|unisex'),
  colorways: list('100 ml|50 ml|125 ml|200 ml|75 ml'),
  brands: [
    brand('Dior', 'Sauvage EDP|Sauvage Elixir|Miss Dior|Homme Intense'),
    brand('Chanel', 'Bleu de Chanel|Coco Mademoiselle|No. 5'),
    brand('Creed', 'Aventus|Silver Mountain Water'),
    brand('Tom Ford', 'Tobacco Vanille|Oud Wood|Lost Cherry'),
    brand('Maison Francis Kurkdjian', 'Baccarat Rouge 540'),
    brand('Le Labo', 'Santal 33|Another 13'),
    brand('Yves Saint Laurent', 'Y EDP|Libre|Black Opium'),
    brand('Jean Paul Gaultier', 'Le Male Elixir|Ultra Male'),
    brand('Versace', 'Eros|Dylan Blue'),
    brand('Parfums de Marly', 'Layton|Delina'),
    brand('Byredo', 'Gypsy Water|Mojave Ghost'),
    brand('Xerjoff', 'Naxos|Erba Pura'),
  ],
};
