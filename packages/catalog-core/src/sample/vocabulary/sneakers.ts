import { type CategorySpec, list, model, SNEAKER_BATCHES } from '../category-spec.js';

/** Sneakers: the biggest category of any reps catalog. */
export const SNEAKERS: CategorySpec = {
  id: 'sneakers',
  share: 3400,
  titleStyle: 'quoted',
  batches: SNEAKER_BATCHES,
  batchRate: 0.85,
  price: { median: 380, spread: 0.35, min: 150, max: 1280 },
  weight: [1100, 1900],
  tags: list('basketball|running|skate|retro|lifestyle|best batch|budget|with box'),
  colorways: list('Triple White|Triple Black|Sail|Bone|Grey|Navy|Black Gum|White Green'),
  brands: [
    {
      name: 'Nike',
      models: [
        model(
          'Dunk Low',
          'Panda|Grey Fog|University Blue|Photon Dust|Rose Whisper|Coast|Michigan|Syracuse|Kentucky|Championship Red',
        ),
        model('Dunk High', 'Panda|Black White|Varsity Maize|Championship White'),
        model('Air Force 1 Low', 'Triple White|Triple Black|Shadow|Sail|Wheat|Off-White Brooklyn'),
        model('Air Max 90', 'Infrared|Triple White|Bacon|Off-White Desert Ore'),
        model('Air Max 95', 'Neon|Triple Black|Corteiz Pink Beam|Solar Red'),
        model('Air Max Plus TN', 'Black Volt|Hyper Blue|Sunset|Triple Black|Triple White'),
        model('Blazer Mid 77', 'Vintage White|Off-White|Sacai Navy'),
        model('Vomero 5', 'Photon Dust|Oatmeal|Black Anthracite|Supersonic'),
        model('P-6000', 'Metallic Silver|Black White|Flat Pewter'),
        model('Cortez', 'Forrest Gump|Black White|Union Off Noir'),
      ],
    },
    {
      name: 'Jordan',
      models: [
        model(
          'Air Jordan 1 High OG',
          'Chicago|Bred|Royal|University Blue|Shadow|Dark Mocha|Lost and Found|Pine Green|Obsidian|Travis Scott Mocha',
        ),
        model(
          'Air Jordan 1 Low',
          'Travis Scott Reverse Mocha|Travis Scott Olive|Wolf Grey|Bred Toe|Fragment',
        ),
        model('Air Jordan 3', 'Black Cement|White Cement|Fire Red|Palomino'),
        model(
          'Air Jordan 4',
          'Black Cat|Military Black|White Cement|Bred|Red Cement|Thunder|Oreo|Sail|Frozen Moments|Travis Scott Cactus Jack',
        ),
        model('Air Jordan 5', 'Fire Red|Grape|Off-White Sail'),
        model('Air Jordan 11', 'Concord|Bred|Cool Grey|Space Jam|Gratitude'),
      ],
    },
    {
      name: 'Adidas',
      models: [
        model(
          'Yeezy Boost 350 V2',
          'Zebra|Beluga|Bred|Cream|Bone|Onyx|Carbon|Dazzling Blue|Mono Ice',
        ),
        model('Yeezy Slide', 'Onyx|Bone|Pure|Ochre|Resin|Azure|Glow Green'),
        model('Yeezy Foam Runner', 'Onyx|Sand|Ochre|MX Cinder'),
        model('Samba OG', 'Cloud White|Core Black|Wales Bonner Cream'),
        model('Gazelle Indoor', 'Blue Fusion|Scarlet|Collegiate Green'),
        model('Campus 00s', 'Core Black|Grey White|Dark Green'),
        model('Forum Low', 'Bad Bunny Blue Tint|White Blue'),
      ],
    },
    {
      name: 'New Balance',
      models: [
        model('550', 'White Green|White Grey|Aime Leon Dore Navy|UNC'),
        model('2002R', 'Protection Pack Rain Cloud|Protection Pack Phantom|Grey'),
        model('9060', 'Sea Salt|Rain Cloud|Black Castlerock|Mushroom'),
        model('990v6', 'Grey|Navy|Black'),
        model('1906R', 'Silver Metallic|Protection Pack'),
        model('530', 'White Silver Navy|Steel Grey'),
      ],
    },
    {
      name: 'Asics',
      models: [
        model('Gel-Kayano 14', 'Cream Black|White Midnight|Silver'),
        model('Gel-1130', 'White Pure Silver|Black Pure Silver'),
        model('Gel-NYC', 'Graphite Grey|Cream Oyster'),
      ],
    },
    {
      name: 'Balenciaga',
      models: [
        model('Triple S', 'Black|White|Beige Grey|Black Red'),
        model('Track', 'Black|White|Grey Orange'),
        model('3XL', 'Grey|Black White'),
        model('Runner', 'Black|Multicolor|White'),
      ],
    },
    {
      name: 'Alexander McQueen',
      models: [model('Oversized Sneaker', 'White Black|White Red|Triple White')],
    },
    { name: 'Off-White', models: [model('Out Of Office', 'White Black|Black White|Grey')] },
    { name: 'Maison Margiela', models: [model('Replica GAT', 'White Grey|Black')] },
    {
      name: 'Louis Vuitton',
      models: [
        model('LV Trainer', 'White|Black|Denim|Green'),
        model('LV Skate', 'White Blue|Black'),
      ],
    },
    {
      name: 'Dior',
      models: [
        model('B23 High Top', 'Oblique|White Oblique'),
        model('B22', 'White Silver|Black Grey'),
      ],
    },
    { name: 'Prada', models: [model("America's Cup", 'White Silver|Black|Navy')] },
    { name: 'Golden Goose', models: [model('Super-Star', 'White Black Star|Silver Star')] },
    {
      name: 'Salomon',
      models: [model('XT-6', 'Black|Vanilla Ice|Ebony'), model('ACS Pro', 'Black|Silver')],
    },
    {
      name: 'Onitsuka Tiger',
      models: [model('Mexico 66', 'Yellow Black|Birch Peacoat|Kill Bill')],
    },
    { name: 'Converse', models: [model('Chuck 70 High', 'Black|Parchment|CDG Play White')] },
    { name: 'Rick Owens', models: [model('Ramones', 'Black Milk|Black')] },
  ],
};
