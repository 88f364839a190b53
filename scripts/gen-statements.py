#!/usr/bin/env python3
"""Writes statement records for Templates/statement.json: NDJSON on stdout, one per line.

usage: scripts/gen-statements.py COUNT [ROWS] [SEED]   (ROWS transactions each, default 60)
Deterministic for a seed, so benchmarks and tests get the same data every run.
"""
import json
import random
import sys

WORDS = ["Grocer", "Rail pass", "Bookshop", "Pharmacy", "Salary", "Rent", "Cafe", "Hardware store",
         "Electricity", "Insurance", "Cinema", "Bakery", "Fuel", "Transfer from savings", "Gym", "Phone plan"]


def record(index, rows, rng):
    balance = round(rng.uniform(500, 5000), 2)
    opening = balance
    transactions = []
    balances = []
    for row in range(rows):
        amount = round(rng.uniform(-180, 120), 2) if row % 9 else round(rng.uniform(900, 2500), 2)
        balance = round(balance + amount, 2)
        transactions.append({
            "date": f"2026-11-{1 + row * 29 // max(1, rows):02d}",
            "description": f"{rng.choice(WORDS)} {rng.randint(100, 999)}",
            "reference": f"{rng.randint(10**11, 10**12 - 1)}",
            "amount": amount,
            "balance": balance,
        })
        balances.append(balance)
    return {
        "account": f"AC-{100000 + index}",
        "holder": f"Customer {index}",
        "bank": "Galley Savings Bank",
        "email": "help@example.com",
        "period": "November 2026",
        "opening": opening,
        "closing": balance,
        "count": rows,
        "balances": balances,
        "transactions": transactions,
    }


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 7)
    for index in range(count):
        print(json.dumps(record(index, rows, rng), separators=(",", ":")))


if __name__ == "__main__":
    main()
