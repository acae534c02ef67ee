package com.example.bars;

/** One trade: a symbol, its exchange time, the price in ticks and the quantity. */
public record Trade(String symbol, long timeMillis, long priceTicks, long quantity) {
}
