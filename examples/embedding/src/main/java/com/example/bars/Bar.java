package com.example.bars;

/** Open, high, low, close and volume of one symbol's second: a mutable accumulator, so a trade makes no garbage. */
public final class Bar {
    String symbol;
    long open;
    long high = Long.MIN_VALUE;
    long low = Long.MAX_VALUE;
    long close;
    long volume;

    @Override
    public String toString() {
        return symbol + " o=" + open + " h=" + high + " l=" + low + " c=" + close + " v=" + volume;
    }
}
