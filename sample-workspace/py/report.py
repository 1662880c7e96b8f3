"""Summarise orders.csv: revenue per customer and the best-selling product."""
from __future__ import annotations

import csv
import sys
from collections import Counter, defaultdict
from pathlib import Path


def load_orders(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def summarise(orders: list[dict[str, str]]) -> tuple[dict[str, int], str | None]:
    revenue: dict[str, int] = defaultdict(int)
    sold: Counter[str] = Counter()
    for row in orders:
        qty = int(row["quantity"])
        revenue[row["customer"]] += qty * int(row["price_cents"])
        sold[row["product"]] += qty
    best = sold.most_common(1)[0][0] if sold else None
    return dict(revenue), best


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else Path(__file__).with_name("orders.csv")
    revenue, best = summarise(load_orders(path))
    for customer, cents in sorted(revenue.items(), key=lambda kv: -kv[1]):
        print(f"{customer:<12} {cents / 100:>8.2f}")
    print(f"best seller: {best or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
