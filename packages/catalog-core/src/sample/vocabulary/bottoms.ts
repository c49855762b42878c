import {
  APPAREL_BATCHES,
  APPAREL_COLORWAYS,
  brand,
  type CategorySpec,
  list,
  SNEAKER_BATCHES,
} from '../category-spec.js';

/** Jeans, cargos, joggers and shorts. */
export const PANTS: CategorySpec = {
  id: 'pants',
  share: 1400,
  titleStyle: 'quoted',
  batches: APPAREL_BATCHES,
  batchRate: 0.35,
  price: { median: 180, spread: 0.4, min: 59, max: 720 },
  weight: [450, 900],
  tags: list('denim|cargo|jogger|shorts|baggy|slim fit|distressed|flared'),
  colorways: list('Black|Washed Black|Light Wash|Mid Wash|Dark Wash|Grey|Olive|Khaki|Navy|Cream'),
  brands: [
    brand('Essentials', 'Sweatpants|Relaxed Sweatpants|Sweatshorts'),
    brand('Nike', 'Tech Fleece Joggers|Club Fleece Cargo Pants'),
    brand('Purple Brand', 'P001 Jeans|P002 Jeans'),
    brand('Amiri', 'MX1 Jeans|Bandana Jeans'),
    brand('Gallery Dept.', 'Flare Jeans|Logo Shorts|Painted Carpenter Pants'),
    brand('Chrome Hearts', 'Cross Patch Jeans|Cross Sweatpants'),
    brand('Carhartt WIP', 'Double Knee Pant|Single Knee Pant'),
    brand('Dickies', '874 Work Pant|Loose Fit Cargo'),
    brand('Corteiz', 'Guerillaz Cargos|Alcatraz Joggers'),
    brand('Eric Emanuel', 'EE Basic Short'),
    brand('Stone Island', 'Cargo Pants|Fleece Shorts'),
    brand('Represent', 'Destroyer Denim|Owners Club Sweatpants'),
    brand('Sp5der', 'Web Sweatpants'),
  ],
};

/** Matching sets and tracksuits. */
export const SETS: CategorySpec = {
  id: 'sets',
  share: 850,
  titleStyle: 'quoted',
  batches: APPAREL_BATCHES,
  batchRate: 0.35,
  price: { median: 320, spread: 0.4, min: 119, max: 1280 },
  weight: [800, 1500],
  tags: list('tracksuit|two-piece|matching set|fleece|summer set|streetwear'),
  colorways: APPAREL_COLORWAYS,
  brands: [
    brand('Nike', 'Tech Fleece Set|Windrunner Tracksuit'),
    brand('Essentials', 'Hoodie and Sweatpants Set|Sweatshorts Set'),
    brand('Trapstar', 'Irongate Tracksuit|Shooters Tracksuit|Decoded Tracksuit'),
    brand('Corteiz', 'Alcatraz Tracksuit|Spring Tracksuit'),
    brand('Adidas', 'Firebird Tracksuit|SST Tracksuit'),
    brand('Lacoste', 'Sport Tracksuit'),
    brand('Moncler', 'Logo Tracksuit'),
    brand('Stone Island', 'Fleece Tracksuit'),
    brand('Palm Angels', 'Classic Track Set'),
    brand('Sp5der', 'Web Tracksuit'),
    brand('Syna World', 'Syna Tracksuit'),
    brand('Ralph Lauren', 'Fleece Sweatsuit'),
  ],
};

/** Boxers, socks and base layers. */
export const UNDERWEAR: CategorySpec = {
  id: 'underwear',
  share: 700,
  titleStyle: 'quoted',
  batches: APPAREL_BATCHES,
  batchRate: 0.15,
  price: { median: 70, spread: 0.4, min: 19, max: 260 },
  weight: [100, 350],
  tags: list('3-pack|socks|boxers|cotton|base layer|gift box'),
  colorways: list('Black|White|Grey|Multicolor|Navy|Black White Grey'),
  brands: [
    brand('Calvin Klein', 'Boxer Briefs 3-Pack|Steel Micro Briefs|Cotton Stretch Trunks'),
    brand('Ralph Lauren', 'Boxer 3-Pack|Crew Socks 6-Pack'),
    brand('Nike', 'Everyday Cushioned Crew Socks 6-Pack|Dri-FIT Boxer Briefs'),
    brand('Essentials', 'Socks 3-Pack'),
    brand('Hugo Boss', 'Trunks 3-Pack'),
    brand('Tommy Hilfiger', 'Trunks 3-Pack'),
    brand('Supreme', 'Hanes Boxer Briefs|Hanes Crew Socks'),
    brand('Skims', 'Cotton Rib Boxer|Fits Everybody Brief'),
    brand('Chrome Hearts', 'Cross Socks'),
  ],
};

/** Dresses, skirts, tops and leggings. */
export const WOMEN: CategorySpec = {
  id: 'women',
  share: 900,
  titleStyle: 'quoted',
  batches: APPAREL_BATCHES,
  batchRate: 0.3,
  price: { median: 190, spread: 0.5, min: 49, max: 1280 },
  weight: [200, 800],
  tags: list('dress|skirt|leggings|crop top|yoga|knitwear|summer|party'),
  colorways: list('Black|White|Ivory|Navy|Baby Pink|Beige|Sage|Burgundy|Chocolate|Leopard'),
  brands: [
    brand('Miu Miu', 'Pleated Mini Skirt|Cropped Cardigan|Logo Polo'),
    brand('Prada', 'Re-Nylon Mini Skirt|Ribbed Tank Top'),
    brand('Alo Yoga', 'Airbrush Legging|Accolade Hoodie|Airlift Bra'),
    brand('Lululemon', 'Align Leggings|Define Jacket|Scuba Half-Zip'),
    brand('Skims', 'Soft Lounge Dress|Fits Everybody Bodysuit'),
    brand('Jacquemus', 'La Robe Saudade|Le Haut Bahia'),
    brand('Zimmermann', 'Linen Midi Dress'),
    brand('Celine', 'Triomphe Tank Top|Cropped Cardigan'),
    brand('Chanel', 'Tweed Jacket|Knit Cardigan'),
    brand('Dior', 'Bar Jacket|Pleated Midi Skirt'),
    brand('Brandy Melville', 'Rosa Sweatpants|Zelly Top'),
  ],
};

/** Children's clothing and shoes. */
export const KIDS: CategorySpec = {
  id: 'kids',
  share: 500,
  titleStyle: 'quoted',
  batches: [...SNEAKER_BATCHES.slice(0, 6), ...APPAREL_BATCHES.slice(0, 3)],
  batchRate: 0.4,
  price: { median: 180, spread: 0.45, min: 49, max: 620 },
  weight: [200, 800],
  tags: list('kids|toddler|GS sizes|PS sizes|TD sizes|school'),
  colorways: list('Black|White|Pink|Sky Blue|Grey|Navy|Panda|Bred|Chicago|Zebra'),
  brands: [
    brand('Nike', 'Dunk Low GS|Air Force 1 PS|Tech Fleece Kids Set'),
    brand('Jordan', 'Air Jordan 1 Mid GS|Air Jordan 4 PS'),
    brand('Adidas', 'Yeezy Boost 350 V2 Infant|Samba Kids'),
    brand('Essentials', 'Kids Hoodie|Kids Tracksuit'),
    brand('Moncler', 'Kids Puffer|Enfant Down Vest'),
    brand('Ralph Lauren', 'Kids Polo|Kids Cable Knit Sweater'),
    brand('Stone Island', 'Junior Crewneck'),
    brand('Burberry', 'Kids Check Shirt'),
    brand('New Balance', '550 PS|9060 GS'),
  ],
};
