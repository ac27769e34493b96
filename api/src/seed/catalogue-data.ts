/**
 * The demo catalogue's raw material: the category tree of both ranges and, per leaf category, the
 * products it sells (item names, pack options with typical trade prices, storage and shelf life).
 */

import type { Storage } from '../catalogue/storage';

export interface PackOption {
  size: string;
  type: string;
  /** Typical list price of one case, in pence. */
  pence: number;
}

export interface LeafTemplate {
  id: string;
  name: string;
  items: string[];
  packs: PackOption[];
  storage: Storage;
  shelfLife: [number, number];
  vatRateBp: number;
  note: string;
}

export interface TopCategory {
  id: string;
  name: string;
  leaves: LeafTemplate[];
}

const chilled = 'chilled' as const;
const ZERO = 0;
const STANDARD = 2000;

export const DAIRY: TopCategory[] = [
  {
    id: 'DAIR_MILK',
    name: 'Milk',
    leaves: [
      { id: 'DAIR_MILK_WHOLE', name: 'Whole milk', items: ['Whole Milk', 'Organic Whole Milk', 'Jersey Gold Top Milk', 'Filtered Whole Milk'], packs: [{ size: '6 x 2 L', type: 'Bottle', pence: 945 }, { size: '12 x 1 L', type: 'Bottle', pence: 1080 }, { size: '4 x 4 pt', type: 'Bottle', pence: 860 }, { size: '24 x 250 ml', type: 'Bottle', pence: 1320 }], storage: chilled, shelfLife: [7, 12], vatRateBp: ZERO, note: 'Fresh from farms within 50 miles of our dairy.' },
      { id: 'DAIR_MILK_SEMI', name: 'Semi-skimmed milk', items: ['Semi-Skimmed Milk', 'Organic Semi-Skimmed Milk', 'Filtered Semi-Skimmed Milk', 'Lactose-Free Semi-Skimmed Milk'], packs: [{ size: '6 x 2 L', type: 'Bottle', pence: 915 }, { size: '12 x 1 L', type: 'Bottle', pence: 1040 }, { size: '4 x 4 pt', type: 'Bottle', pence: 830 }, { size: '100 x 12 ml', type: 'Portion', pence: 690 }], storage: chilled, shelfLife: [7, 12], vatRateBp: ZERO, note: 'The everyday choice for teas, coffees and cereals.' },
      { id: 'DAIR_MILK_SKIMMED', name: 'Skimmed milk', items: ['Skimmed Milk', 'Organic Skimmed Milk', '1% Fat Milk'], packs: [{ size: '6 x 2 L', type: 'Bottle', pence: 890 }, { size: '12 x 1 L', type: 'Bottle', pence: 1010 }], storage: chilled, shelfLife: [7, 12], vatRateBp: ZERO, note: 'Less than 0.3 % fat.' },
      { id: 'DAIR_MILK_PLANT', name: 'Plant-based drinks', items: ['Barista Oat Drink', 'Unsweetened Almond Drink', 'Soya Drink', 'Coconut Drink', 'Barista Soya Drink'], packs: [{ size: '6 x 1 L', type: 'Carton', pence: 1140 }, { size: '12 x 1 L', type: 'Carton', pence: 2150 }], storage: 'ambient', shelfLife: [120, 240], vatRateBp: ZERO, note: 'Refrigerate once opened and use within five days.' },
    ],
  },
  {
    id: 'DAIR_CREAM',
    name: 'Cream',
    leaves: [
      { id: 'DAIR_CREAM_SINGLE', name: 'Single cream', items: ['Single Cream', 'Organic Single Cream', 'Half Cream'], packs: [{ size: '6 x 1 L', type: 'Carton', pence: 1650 }, { size: '12 x 300 ml', type: 'Pot', pence: 1020 }, { size: '120 x 12 ml', type: 'Portion', pence: 1190 }], storage: chilled, shelfLife: [10, 18], vatRateBp: ZERO, note: 'For pouring over desserts and finishing sauces.' },
      { id: 'DAIR_CREAM_DOUBLE', name: 'Double & whipping cream', items: ['Double Cream', 'Whipping Cream', 'Extra Thick Double Cream', 'Clotted Cream'], packs: [{ size: '6 x 1 L', type: 'Carton', pence: 2490 }, { size: '12 x 600 ml', type: 'Carton', pence: 2760 }, { size: '2 x 5 L', type: 'Bag-in-box', pence: 3980 }], storage: chilled, shelfLife: [10, 21], vatRateBp: ZERO, note: 'Whips to a stable peak for patisserie work.' },
      { id: 'DAIR_CREAM_SOUR', name: 'Soured cream & crème fraîche', items: ['Soured Cream', 'Crème Fraîche', 'Half-Fat Crème Fraîche'], packs: [{ size: '6 x 2 kg', type: 'Tub', pence: 3120 }, { size: '12 x 300 ml', type: 'Pot', pence: 1290 }], storage: chilled, shelfLife: [14, 24], vatRateBp: ZERO, note: 'Holds in hot sauces without splitting.' },
    ],
  },
  {
    id: 'DAIR_BUTTER',
    name: 'Butter & spreads',
    leaves: [
      { id: 'DAIR_BUTTER_SALTED', name: 'Salted butter', items: ['Salted Butter', 'Lightly Salted Butter', 'Cornish Salted Butter', 'Salted Butter Portions'], packs: [{ size: '40 x 250 g', type: 'Block', pence: 9600 }, { size: '10 x 2 kg', type: 'Block', pence: 14900 }, { size: '100 x 7 g', type: 'Portion', pence: 890 }], storage: chilled, shelfLife: [60, 90], vatRateBp: ZERO, note: 'Churned from British cream.' },
      { id: 'DAIR_BUTTER_UNSALTED', name: 'Unsalted butter', items: ['Unsalted Butter', 'French Unsalted Butter', 'Patisserie Butter Sheets'], packs: [{ size: '40 x 250 g', type: 'Block', pence: 9850 }, { size: '10 x 2 kg', type: 'Block', pence: 15200 }, { size: '5 x 1 kg', type: 'Sheet', pence: 7900 }], storage: chilled, shelfLife: [60, 90], vatRateBp: ZERO, note: 'The baker’s butter: 82 % fat for lamination.' },
      { id: 'DAIR_BUTTER_SPREADS', name: 'Spreads', items: ['Spreadable Butter', 'Olive Spread', 'Sunflower Spread', 'Baking Block'], packs: [{ size: '6 x 2 kg', type: 'Tub', pence: 4280 }, { size: '12 x 500 g', type: 'Tub', pence: 2260 }, { size: '100 x 10 g', type: 'Portion', pence: 820 }], storage: chilled, shelfLife: [60, 120], vatRateBp: ZERO, note: 'Spreads straight from the fridge.' },
    ],
  },
  {
    id: 'DAIR_CHEESE',
    name: 'Cheese',
    leaves: [
      { id: 'DAIR_CHEESE_CHEDDAR', name: 'Cheddar', items: ['Mature Cheddar', 'Extra Mature Cheddar', 'Mild Cheddar', 'Vintage Cheddar', 'Red Leicester', 'Smoked Cheddar'], packs: [{ size: '1 x 5 kg', type: 'Block', pence: 3950 }, { size: '4 x 2.5 kg', type: 'Block', pence: 7480 }, { size: '12 x 200 g', type: 'Pack', pence: 2640 }], storage: chilled, shelfLife: [60, 120], vatRateBp: ZERO, note: 'Aged on the farm for a full, rounded flavour.' },
      { id: 'DAIR_CHEESE_CONTINENTAL', name: 'Continental cheese', items: ['Brie', 'Camembert', 'Gouda', 'Emmental', 'Parmesan', 'Feta', 'Halloumi', 'Mozzarella'], packs: [{ size: '1 x 1 kg', type: 'Wheel', pence: 1290 }, { size: '6 x 200 g', type: 'Pack', pence: 1580 }, { size: '2 x 2.5 kg', type: 'Block', pence: 4650 }], storage: chilled, shelfLife: [21, 90], vatRateBp: ZERO, note: 'Imported and ripened for trade kitchens.' },
      { id: 'DAIR_CHEESE_SOFT', name: 'Soft & cream cheese', items: ['Full-Fat Soft Cheese', 'Light Soft Cheese', 'Mascarpone', 'Ricotta', 'Goat’s Cheese Log'], packs: [{ size: '6 x 1.5 kg', type: 'Tub', pence: 3690 }, { size: '12 x 250 g', type: 'Tub', pence: 1990 }], storage: chilled, shelfLife: [21, 45], vatRateBp: ZERO, note: 'Smooth texture for cheesecakes and bagels.' },
      { id: 'DAIR_CHEESE_GRATED', name: 'Grated & sliced cheese', items: ['Grated Mature Cheddar', 'Grated Mozzarella & Cheddar', 'Sliced Mild Cheddar', 'Sliced Emmental', 'Pizza Cheese Blend'], packs: [{ size: '6 x 1 kg', type: 'Bag', pence: 5120 }, { size: '4 x 2 kg', type: 'Bag', pence: 6480 }, { size: '10 x 500 g', type: 'Pack', pence: 4390 }], storage: chilled, shelfLife: [30, 60], vatRateBp: ZERO, note: 'Free-flowing, ready for the line.' },
    ],
  },
  {
    id: 'DAIR_YOGURT',
    name: 'Yogurts',
    leaves: [
      { id: 'DAIR_YOGURT_NATURAL', name: 'Natural & Greek yogurt', items: ['Natural Yogurt', 'Greek-Style Yogurt', 'Authentic Greek Yogurt', 'Organic Natural Yogurt', 'Skyr'], packs: [{ size: '6 x 1 kg', type: 'Tub', pence: 1590 }, { size: '2 x 5 kg', type: 'Tub', pence: 2380 }, { size: '12 x 150 g', type: 'Pot', pence: 990 }], storage: chilled, shelfLife: [18, 28], vatRateBp: ZERO, note: 'Thick and creamy with live cultures.' },
      { id: 'DAIR_YOGURT_FRUIT', name: 'Fruit yogurt', items: ['Strawberry Yogurt', 'Raspberry Yogurt', 'Peach & Apricot Yogurt', 'Rhubarb Yogurt', 'Cherry Yogurt'], packs: [{ size: '12 x 125 g', type: 'Pot', pence: 840 }, { size: '6 x 450 g', type: 'Pot', pence: 1180 }], storage: chilled, shelfLife: [18, 28], vatRateBp: ZERO, note: 'Made with real fruit pieces.' },
    ],
  },
  {
    id: 'DAIR_EGGS',
    name: 'Eggs',
    leaves: [
      { id: 'DAIR_EGGS_FREERANGE', name: 'Free-range eggs', items: ['Medium Free-Range Eggs', 'Large Free-Range Eggs', 'Organic Free-Range Eggs', 'Duck Eggs'], packs: [{ size: '1 x 180', type: 'Tray', pence: 4320 }, { size: '1 x 30', type: 'Tray', pence: 790 }, { size: '15 x 6', type: 'Box', pence: 2480 }], storage: chilled, shelfLife: [21, 28], vatRateBp: ZERO, note: 'British Lion stamped.' },
      { id: 'DAIR_EGGS_LIQUID', name: 'Liquid egg', items: ['Pasteurised Whole Egg', 'Pasteurised Egg White', 'Pasteurised Egg Yolk'], packs: [{ size: '6 x 1 L', type: 'Carton', pence: 2950 }, { size: '1 x 10 L', type: 'Bag-in-box', pence: 4380 }], storage: chilled, shelfLife: [21, 35], vatRateBp: ZERO, note: 'Pasteurised for safe use in uncooked dishes.' },
    ],
  },
  {
    id: 'DAIR_DESSERTS',
    name: 'Desserts',
    leaves: [
      { id: 'DAIR_DESSERTS_CUSTARD', name: 'Custard & rice pudding', items: ['Fresh Custard', 'Creamy Rice Pudding', 'Vanilla Custard', 'Crème Anglaise'], packs: [{ size: '6 x 1 kg', type: 'Carton', pence: 1820 }, { size: '12 x 500 g', type: 'Pot', pence: 1980 }], storage: chilled, shelfLife: [14, 28], vatRateBp: ZERO, note: 'Heat gently or serve chilled.' },
      { id: 'DAIR_DESSERTS_POTS', name: 'Dessert pots', items: ['Chocolate Mousse', 'Crème Brûlée', 'Panna Cotta', 'Lemon Posset', 'Sticky Toffee Pot'], packs: [{ size: '12 x 90 g', type: 'Pot', pence: 1380 }, { size: '24 x 60 g', type: 'Pot', pence: 1890 }], storage: chilled, shelfLife: [14, 24], vatRateBp: ZERO, note: 'Ready to serve: just add a garnish.' },
    ],
  },
];

export const CHILLED: TopCategory[] = [
  {
    id: 'CHIL_MEAT',
    name: 'Cooked meats',
    leaves: [
      { id: 'CHIL_MEAT_HAM', name: 'Ham', items: ['Honey Roast Ham', 'Wiltshire Cured Ham', 'Smoked Ham', 'Breaded Ham', 'Ham Hock'], packs: [{ size: '1 x 1 kg', type: 'Sliced pack', pence: 1290 }, { size: '4 x 500 g', type: 'Sliced pack', pence: 2380 }, { size: '1 x 3 kg', type: 'Joint', pence: 3450 }], storage: chilled, shelfLife: [14, 28], vatRateBp: ZERO, note: 'Sliced thin for sandwiches and platters.' },
      { id: 'CHIL_MEAT_POULTRY', name: 'Cooked chicken & turkey', items: ['Roast Chicken Breast Slices', 'Chicken Tikka Pieces', 'Roast Turkey Breast', 'Chargrilled Chicken Strips', 'Southern Fried Chicken Goujons'], packs: [{ size: '1 x 1 kg', type: 'Pack', pence: 1490 }, { size: '4 x 500 g', type: 'Pack', pence: 2760 }], storage: chilled, shelfLife: [10, 21], vatRateBp: ZERO, note: 'Fully cooked: serve cold or reheat thoroughly.' },
      { id: 'CHIL_MEAT_CONTINENTAL', name: 'Continental meats', items: ['Milano Salami', 'Pepperoni Slices', 'Prosciutto Crudo', 'Chorizo', 'Bresaola'], packs: [{ size: '1 x 500 g', type: 'Sliced pack', pence: 1190 }, { size: '6 x 100 g', type: 'Sliced pack', pence: 1420 }, { size: '1 x 1 kg', type: 'Stick', pence: 1690 }], storage: chilled, shelfLife: [30, 60], vatRateBp: ZERO, note: 'Cured to a traditional recipe.' },
    ],
  },
  {
    id: 'CHIL_BACON',
    name: 'Bacon & sausages',
    leaves: [
      { id: 'CHIL_BACON_BACON', name: 'Bacon', items: ['Unsmoked Back Bacon', 'Smoked Back Bacon', 'Smoked Streaky Bacon', 'Dry-Cured Back Bacon', 'Bacon Lardons'], packs: [{ size: '1 x 2.27 kg', type: 'Pack', pence: 1690 }, { size: '4 x 1 kg', type: 'Pack', pence: 2890 }], storage: chilled, shelfLife: [14, 28], vatRateBp: ZERO, note: 'Rindless and ready for the grill.' },
      { id: 'CHIL_BACON_SAUSAGES', name: 'Sausages', items: ['Pork Sausages', 'Cumberland Sausages', 'Lincolnshire Sausages', 'Pork Chipolatas', 'Vegetarian Sausages'], packs: [{ size: '1 x 2.27 kg', type: 'Pack', pence: 1390 }, { size: '60 x 8s', type: 'Pack', pence: 2290 }], storage: chilled, shelfLife: [10, 16], vatRateBp: ZERO, note: 'Made with British outdoor-bred pork.' },
    ],
  },
  {
    id: 'CHIL_FISH',
    name: 'Fish & seafood',
    leaves: [
      { id: 'CHIL_FISH_SMOKED', name: 'Smoked fish', items: ['Oak-Smoked Salmon', 'Hot-Smoked Salmon Flakes', 'Smoked Mackerel Fillets', 'Smoked Haddock', 'Kiln Roast Salmon'], packs: [{ size: '1 x 1 kg', type: 'Sliced pack', pence: 2890 }, { size: '10 x 100 g', type: 'Pack', pence: 2490 }], storage: chilled, shelfLife: [10, 21], vatRateBp: ZERO, note: 'Smoked over oak chippings in Scotland.' },
      { id: 'CHIL_FISH_PRAWNS', name: 'Prawns & seafood', items: ['Cooked Peeled Prawns', 'King Prawns', 'Crayfish Tails', 'Seafood Cocktail', 'Crab Meat'], packs: [{ size: '1 x 1 kg', type: 'Pack', pence: 2290 }, { size: '6 x 200 g', type: 'Pack', pence: 1980 }], storage: chilled, shelfLife: [5, 10], vatRateBp: ZERO, note: 'Responsibly sourced; keep well chilled.' },
    ],
  },
  {
    id: 'CHIL_READY',
    name: 'Ready meals & soups',
    leaves: [
      { id: 'CHIL_READY_MEALS', name: 'Ready meals', items: ['Beef Lasagne', 'Chicken Tikka Masala', 'Macaroni Cheese', 'Cottage Pie', 'Vegetable Moussaka', 'Fish Pie'], packs: [{ size: '4 x 2 kg', type: 'Tray', pence: 4390 }, { size: '12 x 400 g', type: 'Tray', pence: 3290 }], storage: chilled, shelfLife: [7, 14], vatRateBp: ZERO, note: 'Oven-ready; serves a busy lunch service.' },
      { id: 'CHIL_READY_SOUPS', name: 'Fresh soups', items: ['Tomato & Basil Soup', 'Leek & Potato Soup', 'Carrot & Coriander Soup', 'Chicken Noodle Soup', 'Minestrone Soup'], packs: [{ size: '4 x 2 kg', type: 'Pouch', pence: 2490 }, { size: '6 x 600 g', type: 'Pot', pence: 1590 }], storage: chilled, shelfLife: [10, 21], vatRateBp: ZERO, note: 'Heat and serve in minutes.' },
    ],
  },
  {
    id: 'CHIL_PASTRY',
    name: 'Pies & pastry',
    leaves: [
      { id: 'CHIL_PASTRY_PIES', name: 'Pies', items: ['Steak & Ale Pie', 'Chicken & Mushroom Pie', 'Pork Pie', 'Cornish Pasty', 'Game Pie'], packs: [{ size: '12 x 250 g', type: 'Each', pence: 2190 }, { size: '6 x 1 kg', type: 'Each', pence: 3290 }], storage: chilled, shelfLife: [7, 14], vatRateBp: ZERO, note: 'Hand-crimped shortcrust pastry.' },
      { id: 'CHIL_PASTRY_QUICHE', name: 'Quiches', items: ['Quiche Lorraine', 'Cheese & Onion Quiche', 'Broccoli & Stilton Quiche', 'Spinach & Feta Quiche'], packs: [{ size: '2 x 12-portion', type: 'Each', pence: 2390 }, { size: '12 x 160 g', type: 'Each', pence: 1890 }], storage: chilled, shelfLife: [7, 12], vatRateBp: ZERO, note: 'Pre-portioned for consistent plates.' },
      { id: 'CHIL_PASTRY_SAUSAGEROLLS', name: 'Sausage rolls & slices', items: ['Jumbo Sausage Roll', 'Cocktail Sausage Roll', 'Cheese & Onion Slice', 'Steak Slice', 'Vegan Sausage Roll'], packs: [{ size: '24 x 130 g', type: 'Each', pence: 1890 }, { size: '60 x 30 g', type: 'Each', pence: 1490 }], storage: chilled, shelfLife: [7, 12], vatRateBp: STANDARD, note: 'Bake from chilled for flaky puff pastry.' },
    ],
  },
  {
    id: 'CHIL_DELI',
    name: 'Deli',
    leaves: [
      { id: 'CHIL_DELI_DIPS', name: 'Dips & houmous', items: ['Classic Houmous', 'Red Pepper Houmous', 'Tzatziki', 'Guacamole', 'Sour Cream & Chive Dip', 'Tomato Salsa'], packs: [{ size: '6 x 1 kg', type: 'Tub', pence: 2290 }, { size: '12 x 200 g', type: 'Tub', pence: 1390 }], storage: chilled, shelfLife: [10, 21], vatRateBp: ZERO, note: 'Freshly made; stir before serving.' },
      { id: 'CHIL_DELI_FILLERS', name: 'Sandwich fillers', items: ['Egg Mayonnaise', 'Tuna & Sweetcorn', 'Coronation Chicken', 'Cheese & Onion', 'Prawn Marie Rose'], packs: [{ size: '4 x 1 kg', type: 'Tub', pence: 2590 }, { size: '2 x 2.5 kg', type: 'Tub', pence: 3090 }], storage: chilled, shelfLife: [7, 14], vatRateBp: ZERO, note: 'Ready to spread: portion with a 50 g scoop.' },
      { id: 'CHIL_DELI_SALADS', name: 'Prepared salads', items: ['Coleslaw', 'Potato Salad', 'Pasta Salad', 'Couscous Salad', 'Beetroot Salad'], packs: [{ size: '4 x 1 kg', type: 'Tub', pence: 1490 }, { size: '2 x 2.5 kg', type: 'Tub', pence: 1790 }], storage: chilled, shelfLife: [7, 14], vatRateBp: ZERO, note: 'Crunchy, freshly dressed salads.' },
      { id: 'CHIL_DELI_OLIVES', name: 'Olives & antipasti', items: ['Green Olives', 'Kalamata Olives', 'Sunblush Tomatoes', 'Chargrilled Peppers', 'Marinated Artichokes'], packs: [{ size: '2 x 1 kg', type: 'Tub', pence: 1890 }, { size: '1 x 2.5 kg', type: 'Tub', pence: 2190 }], storage: chilled, shelfLife: [30, 60], vatRateBp: ZERO, note: 'Marinated in herbs and oil.' },
    ],
  },
  {
    id: 'CHIL_DRINKS',
    name: 'Juices & smoothies',
    leaves: [
      { id: 'CHIL_DRINKS_JUICE', name: 'Fresh juice', items: ['Smooth Orange Juice', 'Orange Juice with Bits', 'Cloudy Apple Juice', 'Pink Grapefruit Juice', 'Pineapple Juice'], packs: [{ size: '6 x 1 L', type: 'Bottle', pence: 1490 }, { size: '12 x 250 ml', type: 'Bottle', pence: 1290 }, { size: '1 x 5 L', type: 'Bag-in-box', pence: 1390 }], storage: chilled, shelfLife: [14, 28], vatRateBp: STANDARD, note: 'Pressed, never from concentrate.' },
      { id: 'CHIL_DRINKS_SMOOTHIES', name: 'Smoothies', items: ['Strawberry & Banana Smoothie', 'Mango & Passion Fruit Smoothie', 'Green Smoothie', 'Berry Smoothie'], packs: [{ size: '8 x 250 ml', type: 'Bottle', pence: 1190 }, { size: '6 x 750 ml', type: 'Bottle', pence: 1690 }], storage: chilled, shelfLife: [14, 21], vatRateBp: STANDARD, note: 'Two of your five a day in every bottle.' },
    ],
  },
  {
    id: 'CHIL_PASTA',
    name: 'Fresh pasta & pizza',
    leaves: [
      { id: 'CHIL_PASTA_FRESH', name: 'Fresh pasta', items: ['Egg Tagliatelle', 'Spinach & Ricotta Tortellini', 'Beef Ravioli', 'Fresh Gnocchi', 'Egg Lasagne Sheets'], packs: [{ size: '1 x 3 kg', type: 'Bag', pence: 1490 }, { size: '6 x 500 g', type: 'Pack', pence: 1390 }], storage: chilled, shelfLife: [21, 35], vatRateBp: ZERO, note: 'Cooks in three minutes.' },
      { id: 'CHIL_PASTA_SAUCES', name: 'Fresh sauces', items: ['Tomato & Basil Sauce', 'Carbonara Sauce', 'Pesto alla Genovese', 'Bolognese Sauce', 'Cheese Sauce'], packs: [{ size: '2 x 2 kg', type: 'Pouch', pence: 1690 }, { size: '6 x 350 g', type: 'Pot', pence: 1290 }], storage: chilled, shelfLife: [14, 28], vatRateBp: ZERO, note: 'Made with fresh cream and herbs.' },
      { id: 'CHIL_PASTA_PIZZA', name: 'Pizza & bases', items: ['Margherita Pizza', 'Pepperoni Pizza', 'Stonebaked Pizza Base', 'Garlic Flatbread', 'Pizza Dough Balls'], packs: [{ size: '10 x 12 in', type: 'Each', pence: 2190 }, { size: '24 x 200 g', type: 'Each', pence: 1890 }], storage: chilled, shelfLife: [10, 21], vatRateBp: ZERO, note: 'Bake from chilled in eight minutes.' },
    ],
  },
];

export const BRANDS = {
  DAIR: ['Meadowvale', 'Dale End Dairy', 'Harrow Farm', 'Old Mill Creamery', 'Brookfield', 'Greenacre Organic', 'Northwold', 'Kinder Fields'],
  CHIL: ['Meadowvale Kitchen', 'Fenwick’s', 'Coastline', 'Hillside Deli', 'Brookfield', 'St Ives Fisheries', 'Tavola', 'Market Street'],
} as const;

/** Used to give the products past the first pass distinct names in large benchmark catalogues. */
export const QUALIFIERS = [
  '',
  'Catering',
  'Premium',
  'Value',
  'Reduced Fat',
  'Organic',
  'Free-From',
  'Farmhouse',
  'Traditional',
  'Luxury',
  'Everyday',
  'Signature',
];
