import { formatPrice, formatTable } from './format';

export interface Item {
  sku: string;
  name: string;
  priceCents: number;
  quantity: number;
}

export class InventoryError extends Error {}

/** In-memory stock keeping for a small shop. */
export class Inventory {
  private readonly items = new Map<string, Item>();

  add(item: Item): void {
    if (this.items.has(item.sku)) {
      throw new InventoryError(`duplicate SKU ${item.sku}`);
    }
    if (item.quantity < 0) {
      throw new InventoryError(`negative quantity for ${item.sku}`);
    }
    this.items.set(item.sku, { ...item });
  }

  remove(sku: string, quantity = 1): Item {
    const item = this.get(sku);
    if (quantity > item.quantity) {
      throw new InventoryError(`only ${item.quantity} of ${sku} left`);
    }
    item.quantity -= quantity;
    return { ...item };
  }

  /** Adds stock; a negative quantity is treated as a correction and may not go below zero. */
  restock(sku: string, quantity: number): number {
    const item = this.get(sku);
    item.quantity = Math.max(0, item.quantity + quantity);
    return item.quantity;
  }

  totalValueCents(): number {
    let total = 0;
    for (const item of this.items.values()) total += item.priceCents * item.quantity;
    return total;
  }

  lowStock(threshold = 3): Item[] {
    return [...this.items.values()].filter((i) => i.quantity <= threshold);
  }

  report(): string {
    const rows = [...this.items.values()].map((i) => [i.sku, i.name, String(i.quantity), formatPrice(i.priceCents)]);
    return formatTable(['SKU', 'Name', 'Qty', 'Price'], rows);
  }

  private get(sku: string): Item {
    const item = this.items.get(sku);
    if (!item) throw new InventoryError(`unknown SKU ${sku}`);
    return item;
  }
}
