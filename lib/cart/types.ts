/**
 * The cart as the cart calls of spec 7 answer it (shared by the route handlers and the client).
 * Types only. Every price field is null in a guest's cart: visitors see no prices (spec 6).
 */

/** A cart line (spec 3 "Cart item", with the server's pricing beside it). */
export interface CartItem {
  id: string;
  /** The model's id (`inventory_products.id`). */
  product_id: number;
  selected_package_type: string;
  items_per_package: number;
  quantity_of_packages: number;
  /** Net unit price after the customer's discount (without IVA). */
  unit_price_at_purchase: number | null;
  /** unit price × units, rounded once to the cent (net). */
  total_price: number | null;
  /** Net list price of one unit before the discount. */
  base_unit_price: number | null;
  discount_percentage: number | null;
  tax_rate: number | null;
  /** total_price with IVA, rounded to the cent. */
  total_price_with_tax: number | null;
  /** The unit price this line had before its last re-pricing changed it, else null. */
  previous_unit_price: number | null;
  /** Units the model must be bought in (pack multiples), for the quantity editor. */
  sales_minimum: number;
  sales_increment: number;
  product: CartItemProduct | null;
}

export interface CartItemProduct {
  /** The model code. */
  code: string;
  name: string;
  seo_optimized_name: string | null;
  size: string | null;
  /** The product (`products.id`). */
  product_category_id: number;
  /** The product's ERP code (its page is /produtos/p/{product_code}). */
  product_code: string;
  url: string;
  stock_status: 'in_stock' | 'out_of_stock' | 'on_order';
  active: boolean;
  product_category_details: { main_photo_url: string; name: string };
  /** The line's picture: the model's own photo when it has one, else the product's. */
  image_url?: string;
}

/**
 * A line of a merged cart whose quantity is not the sum of the two carts' lines: the pack rule of
 * the model (or the maximum of packages) allowed only `quantity_of_packages` (0: the guest's line
 * was not added).
 */
export interface MergeAdjustment {
  /** The model code. */
  model_code: string;
  items_per_package: number;
  /** Packages the plain sum would have given (the customer's line plus the guest's). */
  requested: number;
  /** Packages the customer's line has now. */
  quantity_of_packages: number;
}

/** `POST /api/cart`: the cart to use. */
export interface CartRef {
  cart_id: string;
  /** True when the caller's guest cart was merged into it on the way. */
  merged?: boolean;
  /** With a merge: the lines whose merged quantity the pack rules adjusted (empty when none). */
  adjusted?: MergeAdjustment[];
}

/** `POST /api/cart/{cartId}/items`. */
export interface AddItemBody {
  product_id: number;
  /** Ignored by the server, which names the package from the model's data. */
  selected_package_type?: string;
  items_per_package?: number;
  quantity_of_packages: number;
  /** What the client saw; never stored (the server prices every line). */
  unit_price?: number | null;
}

export interface AddItemResult {
  item_id: string;
  cart_id: string;
  quantity_of_packages: number;
}

/** `GET /api/products/{product_code}/models`: the model picker's rows (no price). */
export interface ModelRow {
  id: number;
  code: string;
  name: string;
  size: string | null;
  small_package: string | null;
  medium_package: string | null;
  large_package: string | null;
  stock_status: 'in_stock' | 'out_of_stock' | 'on_order';
  ean: string | null;
  sales_minimum: number;
  sales_increment: number;
}

/** A line of a quick order that was not added, with its 1-based line number and why. */
export interface QuickOrderProblem {
  line: number;
  text: string;
  reason: string;
}

/** A code given on several lines of one quick order: added once, with the sum (`text` says so). */
export interface QuickOrderMerge {
  code: string;
  lines: number[];
  quantity: number;
  text: string;
}

export interface QuickOrderResult {
  added: number;
  /** The refused lines, each with its text as sent (the box keeps only these). */
  problems: QuickOrderProblem[];
  /** Codes given more than once, summed into one line. */
  merged?: QuickOrderMerge[];
}
