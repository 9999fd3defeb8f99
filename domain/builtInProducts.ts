import { type ColourOption, type Product, slugify } from './catalog';
import type { Locale } from './locale';
import { type ProductTranslations, productIn } from './productTexts';

const img = (file: string) => `/images/products/${file}`;

type BuiltIn = Omit<Product, 'slug' | 'soldOut' | 'stockLeft' | 'colourOptions'> & {
  colourOptions: Omit<ColourOption, 'label'>[];
  translations: ProductTranslations;
};

/**
 * The spec's built-in five products (section 3), in its table's order with ids '1'..'5', with their
 * Romanian texts. They seed the database on first start and are the storefront's fallback when the
 * catalogue cannot be loaded (DESIGN.md decision 4).
 */
export const BUILT_IN_PRODUCTS: readonly (Product & { translations: ProductTranslations })[] = (
  [
    {
      id: '1',
      name: 'Dummy Lighter',
      description: 'Looks and feels like an ordinary pocket lighter. The base slides off to reveal a dry compartment for cash, a key or a memory card.',
      price: 3999,
      oldPrice: 7999,
      image: img('dummy-lighter.svg'),
      images: [img('dummy-lighter.svg'), img('dummy-lighter-open.svg'), img('dummy-lighter-pocket.svg')],
      stripePriceId: null,
      keyFeatures: ['Real lighter shell, indistinguishable at a glance', 'Hidden compartment in the base', 'Fits a rolled banknote, a key or a microSD card', 'Silent, snug sliding lid'],
      colourOptions: [
        { name: 'Black', available: true },
        { name: 'Red', available: false },
        { name: 'Blue', available: false },
      ],
      translations: {
        ro: {
          name: 'Brichetă cu ascunzătoare',
          description: 'Arată și se simte ca o brichetă de buzunar obișnuită. Baza culisează și dezvăluie un compartiment uscat pentru bani, o cheie sau un card de memorie.',
          keyFeatures: [
            'Carcasă de brichetă adevărată, de nedeosebit la prima vedere',
            'Compartiment ascuns în bază',
            'Încap o bancnotă rulată, o cheie sau un card microSD',
            'Capac glisant silențios, bine fixat',
          ],
          colours: { Black: 'Negru', Red: 'Roșu', Blue: 'Albastru' },
        },
      },
    },
    {
      id: '2',
      name: 'Dummy Car Key',
      description: 'A convincing car key fob with a twist-open body. Keep it on your key ring; nobody looks twice at a car key.',
      price: 6499,
      oldPrice: 8999,
      image: img('dummy-car-key.svg'),
      images: [img('dummy-car-key.svg'), img('dummy-car-key-open.svg')],
      stripePriceId: null,
      keyFeatures: ['Realistic fob with buttons and key ring', 'Twist-open body with a padded cavity', 'Holds folded cash, pills or a small flash drive', 'Sturdy ABS shell'],
      colourOptions: [],
      translations: {
        ro: {
          name: 'Cheie auto cu ascunzătoare',
          description: 'O cheie auto cu telecomandă convingătoare, cu un corp care se deschide prin răsucire. Ține-o pe inelul de chei: nimeni nu se uită de două ori la o cheie de mașină.',
          keyFeatures: [
            'Telecomandă realistă, cu butoane și inel de chei',
            'Corp care se deschide prin răsucire, cu o cavitate căptușită',
            'Încap bani împăturiți, pastile sau un stick de memorie mic',
            'Carcasă rezistentă din ABS',
          ],
        },
      },
    },
    {
      id: '3',
      name: 'Belt with Secret Compartment',
      description: 'A classic belt with a zipped pocket along the inside of the strap. Carry spare cash while travelling, invisible when worn.',
      price: 3999,
      oldPrice: 6999,
      image: img('belt.svg'),
      images: [img('belt.svg'), img('belt-open.svg'), img('belt-buckle.svg')],
      stripePriceId: null,
      keyFeatures: ['Hidden zip along the inner side of the strap', 'Holds up to ten folded banknotes', 'Metal buckle that passes airport checks like any belt', 'Adjustable length, cut to fit'],
      colourOptions: [],
      translations: {
        ro: {
          name: 'Curea cu compartiment secret',
          description: 'O curea clasică, cu un buzunar cu fermoar pe interiorul curelei. Ai bani de rezervă la tine când călătorești, invizibili cât timp o porți.',
          keyFeatures: [
            'Fermoar ascuns pe partea interioară a curelei',
            'Încap până la zece bancnote împăturite',
            'Cataramă metalică ce trece controlul din aeroport ca orice curea',
            'Lungime reglabilă, se taie pe măsură',
          ],
        },
      },
    },
    {
      id: '4',
      name: 'Dummy Marker',
      description: 'A permanent marker on the outside, a storage tube on the inside. It sits in a pen cup or a pencil case without a second glance.',
      price: 3999,
      oldPrice: 5999,
      image: img('dummy-marker.svg'),
      images: [img('dummy-marker.svg'), img('dummy-marker-open.svg')],
      stripePriceId: null,
      keyFeatures: ['Looks like a standard permanent marker', 'Screw-off end opens a hollow barrel', 'Room for rolled notes or small items', 'Cap clicks shut like the real thing'],
      colourOptions: [],
      translations: {
        ro: {
          name: 'Marker cu ascunzătoare',
          description: 'Un marker permanent pe dinafară, un tub de depozitare pe dinăuntru. Stă într-un suport de pixuri sau într-un penar fără să atragă vreo privire.',
          keyFeatures: [
            'Arată ca un marker permanent obișnuit',
            'Capătul se deșurubează și deschide un corp gol',
            'Loc pentru bancnote rulate sau obiecte mici',
            'Capacul se închide cu un clic, ca la unul adevărat',
          ],
        },
      },
    },
    {
      id: '5',
      name: 'Dummy Phone Charger',
      description: 'A wall charger that never charges: its casing opens to a hidden compartment. Leave it plugged into a power strip in plain sight.',
      price: 2499,
      oldPrice: 4999,
      image: img('dummy-charger.svg'),
      images: [img('dummy-charger.svg'), img('dummy-charger-open.svg')],
      stripePriceId: null,
      keyFeatures: ['Looks like a common USB wall charger', 'No electronics inside: safe to leave plugged in', 'Slide-open casing with a snug compartment', 'Fits cash, jewellery or a spare key'],
      colourOptions: [],
      translations: {
        ro: {
          name: 'Încărcător de telefon cu ascunzătoare',
          description: 'Un încărcător de priză care nu încarcă niciodată: carcasa se deschide spre un compartiment ascuns. Lasă-l în prelungitor, la vedere.',
          keyFeatures: [
            'Arată ca un încărcător USB de priză obișnuit',
            'Fără componente electronice: poate rămâne în priză în siguranță',
            'Carcasă care se deschide prin glisare, cu un compartiment bine închis',
            'Încap bani, bijuterii sau o cheie de rezervă',
          ],
        },
      },
    },
  ] satisfies BuiltIn[]
).map((product) => ({
  ...product,
  slug: slugify(product.name),
  colourOptions: product.colourOptions.map((colour) => ({ ...colour, label: colour.name })),
  soldOut: false,
  stockLeft: null,
}));

/** The built-in products as the storefront shows them in `locale`. */
export const builtInProductsIn = (locale: Locale): Product[] => BUILT_IN_PRODUCTS.map(({ translations, ...product }) => productIn(product, translations, locale));
