package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** VWAP sums: exact 128-bit notional and half-up rounding to 4 decimals. */
class VwapSumsTest {
    private static final long MAX_U32 = 0xFFFF_FFFFL;

    /** The VWAP by BigDecimal: notional / volume in dollars, 4 decimals, half up, as 1/10,000 dollar. */
    private static long oracle(final BigInteger notional, final long volume) {
        return new BigDecimal(notional).divide(BigDecimal.valueOf(volume).scaleByPowerOfTen(4), 4, RoundingMode.HALF_UP)
            .unscaledValue().longValueExact();
    }

    @Test
    void roundsHalfUpToFourDecimals() {
        // (100 × 1 + 101 × 1) / 2 = 100.5: up to 101 (in 1/10,000 dollar)
        assertEquals(101, new VwapSums().add(100, 1).add(101, 1).vwap());
        // (100 × 2 + 101 × 1) / 3 = 100.33...: down to 100
        assertEquals(100, new VwapSums().add(100, 2).add(101, 1).vwap());
        // (100 × 1 + 101 × 2) / 3 = 100.67...: up to 101
        assertEquals(101, new VwapSums().add(100, 1).add(101, 2).vwap());
        // 190.1200 × 100 + 190.1300 × 300 = 190.1275 exactly
        assertEquals(1_901_275, new VwapSums().add(1_901_200, 100).add(1_901_300, 300).vwap());
        // docs/trades.md: (100.0000 + 100.0001) / 2 = 100.00005: up to 100.0001
        assertEquals(1_000_001, new VwapSums().add(1_000_000, 1).add(1_000_001, 1).vwap());
        // (1 × 1 + 2 × 7) / 8 = 1.875: up to 2
        assertEquals(2, new VwapSums().add(1, 1).add(2, 7).vwap());
    }

    @Test
    void aWindowOfZeroSharesHasAVwapOfZero() {
        assertEquals(0, new VwapSums().add(1_000_000, 0).vwap());
        assertEquals(0, new VwapSums().vwap());
    }

    @Test
    void theNotionalIsExactWhereALongWouldOverflow() {
        final VwapSums sums = new VwapSums();
        BigInteger notional = BigInteger.ZERO;
        for (int i = 0; i < 1_000; i++) {
            sums.add(MAX_U32 - i, MAX_U32);
            notional = notional.add(BigInteger.valueOf(MAX_U32 - i).multiply(BigInteger.valueOf(MAX_U32)));
        }
        assertEquals(notional, sums.notional());
        assertEquals(1_000 * MAX_U32, sums.volume());
        assertEquals(oracle(notional, sums.volume()), sums.vwap());
        assertEquals(MAX_U32 - 499, sums.vwap()); // the mean of MAX_U32 - 0 ... MAX_U32 - 999 is MAX_U32 - 499.5: half up
    }

    @Test
    void randomTradesAndMergesMatchBigDecimal() {
        final SplittableRandom random = new SplittableRandom(5);
        for (int round = 0; round < 200; round++) {
            final VwapSums left = new VwapSums();
            final VwapSums right = new VwapSums();
            BigInteger notional = BigInteger.ZERO;
            long volume = 0;
            for (int i = 0; i < 50; i++) {
                final long price = random.nextLong(MAX_U32 + 1);
                final long shares = round % 2 == 0 ? random.nextLong(MAX_U32 + 1) : 1 + random.nextInt(1_000);
                (i % 3 == 0 ? left : right).add(price, shares);
                notional = notional.add(BigInteger.valueOf(price).multiply(BigInteger.valueOf(shares)));
                volume += shares;
            }
            final VwapSums merged = left.merge(right);
            assertEquals(notional, merged.notional());
            assertEquals(volume, merged.volume());
            assertEquals(oracle(notional, volume), merged.vwap(), "round " + round);
        }
    }
}
