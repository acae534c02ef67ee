package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.nexmark.Bid;
import dev.weir.nexmark.EventKind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class Q1CurrencyConversionTest {
    @Test
    void everyBidWithItsPriceInEurosAsAnExactDecimalOfScaleThree() {
        final BigDecimal rate = new BigDecimal("0.908");
        final List<String> expected = new ArrayList<>();
        QueryRun.forEachEvent(event -> {
            if (event.kind() == EventKind.BID) {
                final Bid bid = event.bid();
                expected.add(bid.auction() + "," + bid.bidder() + "," + rate.multiply(BigDecimal.valueOf(bid.price())).toPlainString() + ","
                        + QueryRun.timestamp(bid.dateTime()) + "," + QueryRun.text(bid.extra()));
            }
        });
        assertEquals(expected, QueryRun.rows(Q1CurrencyConversion::rows));
    }

    @Test
    void theProductKeepsThreeDecimalsAndIsNeverRounded() {
        assertEquals("29537.240", Q1CurrencyConversion.euros(32_530L).toPlainString());
        assertEquals("0.908", Q1CurrencyConversion.euros(1L).toPlainString());
        assertEquals("908.000", Q1CurrencyConversion.euros(1_000L).toPlainString());
        assertEquals("0.000", Q1CurrencyConversion.euros(0L).toPlainString());
    }
}
