package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.event.MissingTimestampException;
import dev.weir.testing.TwoInputOperatorHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7 "Interval join": the pairs it emits (bounds inclusive and exclusive,
 * negative intervals), their timestamp, lateness against the combined watermark per side with
 * and without side outputs, records without timestamp, and when a buffered record is cleaned up.
 * Records are {@code key:value} strings; each pair is emitted as
 * {@code left(leftTs) right(rightTs)@pairTs}.
 */
final class IntervalJoinOperatorTest {
    static final KeySelector<String, String> KEY = value -> value.substring(0, value.indexOf(':'));
    static final ProcessJoinFunction<String, String, String> PAIR =
            (left, right, ctx, out) -> out.collect(left + "(" + ctx.leftTimestamp() + ") " + right + "(" + ctx.rightTimestamp() + ")");
    private static final OutputTag<String> LEFT_LATE = new OutputTag<>("late-left");
    private static final OutputTag<String> RIGHT_LATE = new OutputTag<>("late-right");

    private static TwoInputOperatorHarness<String, String, String> harness(final long lower, final long upper,
            final boolean lowerInclusive, final boolean upperInclusive) {
        return new TwoInputOperatorHarness<>(new IntervalJoinOperator<>(KEY, KEY, lower, upper, lowerInclusive, upperInclusive, null, null, PAIR));
    }

    private static IntervalJoinOperator<String, String, String, String> operatorOf(final TwoInputOperatorHarness<String, String, String> harness) {
        return (IntervalJoinOperator<String, String, String, String>) harness.operator();
    }

    @Test
    void inclusiveBoundsJoinBothEndsOfTheInterval() {
        final TwoInputOperatorHarness<String, String, String> harness = harness(-100, 100, true, true);
        harness.processElement1("a:L", 1000);
        for (final long right : new long[] {899, 900, 1000, 1100, 1101}) {
            harness.processElement2("a:" + right, right);
        }
        assertEquals(List.of("a:L(1000) a:900(900)@1000", "a:L(1000) a:1000(1000)@1000", "a:L(1000) a:1100(1100)@1100"), harness.events());
    }

    @Test
    void exclusiveBoundsLeaveTheBoundsThemselvesOut() {
        final TwoInputOperatorHarness<String, String, String> harness = harness(-100, 100, false, false);
        for (final long right : new long[] {900, 901, 1099, 1100}) {
            harness.processElement2("a:" + right, right);
        }
        harness.processElement1("a:L", 1000);
        assertEquals(List.of("a:L(1000) a:901(901)@1000", "a:L(1000) a:1099(1099)@1099"), harness.events());
        assertEquals(-99, operatorOf(harness).lowerBound());
        assertEquals(99, operatorOf(harness).upperBound());
    }

    @Test
    void aNegativeIntervalJoinsOnlyRightRecordsOlderThanTheLeftOne() {
        final TwoInputOperatorHarness<String, String, String> harness = harness(-500, -200, true, true);
        for (final long right : new long[] {499, 500, 800, 801, 1000, 1200}) {
            harness.processElement2("a:" + right, right);
        }
        harness.processElement1("a:L", 1000);
        assertEquals(List.of("a:L(1000) a:500(500)@1000", "a:L(1000) a:800(800)@1000"), harness.events());
    }

    @Test
    void zeroToZeroWithAnExclusiveBoundIsLegalAndJoinsNothing() {
        for (final boolean lowerInclusive : new boolean[] {true, false}) {
            final TwoInputOperatorHarness<String, String, String> harness = harness(0, 0, lowerInclusive, !lowerInclusive);
            harness.processElement1("a:L", 1000);
            harness.processElement2("a:R", 1000);
            harness.processElement2("a:S", 999);
            harness.processElement2("a:T", 1001);
            assertEquals(List.of(), harness.events());
        }
        final TwoInputOperatorHarness<String, String, String> inclusive = harness(0, 0, true, true);
        inclusive.processElement1("a:L", 1000);
        inclusive.processElement2("a:R", 1000);
        inclusive.processElement2("a:T", 1001);
        assertEquals(List.of("a:L(1000) a:R(1000)@1000"), inclusive.events());
    }

    @Test
    void aLowerBoundAboveTheUpperBoundIsRefusedWithAClearMessage() {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new IntervalJoinOperator<>(KEY, KEY, 100, 0, true, true, null, null, PAIR));
        assertEquals("interval join: lowerBound <= upperBound must be fulfilled, but lowerBound is 100 and upperBound is 0", error.getMessage());
        // the check is on the bounds as given: (0, 0) is legal, 1..0 is not
        assertThrows(IllegalArgumentException.class, () -> new IntervalJoinOperator<>(KEY, KEY, 1, 0, false, false, null, null, PAIR));
    }

    @Test
    void keysJoinOnlyWithTheSameKey() {
        final TwoInputOperatorHarness<String, String, String> harness = harness(-10, 10, true, true);
        harness.processElement1("a:1", 1000);
        harness.processElement1("b:2", 1000);
        harness.processElement2("b:3", 1005);
        harness.processElement2("c:4", 1000);
        assertEquals(List.of("b:2(1000) b:3(1005)@1005"), harness.events());
    }

    @Test
    void recordsOfOneTimestampJoinInArrivalOrderAndBucketsInTimestampOrder() {
        final TwoInputOperatorHarness<String, String, String> harness = harness(0, 100, true, true);
        harness.processElement1("a:2", 1010);
        harness.processElement1("a:1", 1000);
        harness.processElement1("a:3", 1010);
        harness.processElement2("a:R", 1050);
        assertEquals(List.of("a:1(1000) a:R(1050)@1050", "a:2(1010) a:R(1050)@1050", "a:3(1010) a:R(1050)@1050"), harness.events());
    }

    @Test
    void aPairsTimestampIsTheLaterOfBothRecordsAndItsSideOutputsCarryIt() {
        final OutputTag<String> pairs = new OutputTag<>("pairs");
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(new IntervalJoinOperator<>(KEY, KEY,
                -100, 100, true, true, null, null, (String left, String right, ProcessJoinFunction.Context ctx, Collector<String> out) -> {
                    out.collect(left + "+" + right + " ts=" + ctx.timestamp());
                    ctx.output(pairs, left + "|" + right);
                }));
        harness.processElement1("a:1", 1000);
        harness.processElement2("a:2", 1060);
        harness.processElement2("a:3", 940);
        harness.processElement1("a:4", 900);
        assertEquals(List.of("a:1+a:2 ts=1060@1060", "SIDE pairs a:1|a:2@1060", "a:1+a:3 ts=1000@1000", "SIDE pairs a:1|a:3@1000",
                "a:4+a:3 ts=940@940", "SIDE pairs a:4|a:3@940"), harness.events());
    }

    @Test
    void aLateRecordOfEitherSideGoesToItsSidesLateOutputAndIsNeitherBufferedNorJoined() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(
                new IntervalJoinOperator<>(KEY, KEY, -1000, 1000, true, true, LEFT_LATE, RIGHT_LATE, PAIR));
        harness.processElement1("a:early", 1500);
        harness.processWatermark1(2000);
        harness.processWatermark2(2000);
        harness.processElement1("a:late", 1999);
        harness.processElement2("b:late", 1999);
        harness.processElement2("a:2000", 2000); // at the watermark: not late; joins the buffered left 1500
        harness.processElement1("b:2000", 2000); // b's late right 1999 was not buffered: no pair
        assertEquals(List.of("WM 2000", "SIDE late-left a:late@1999", "SIDE late-right b:late@1999", "a:early(1500) a:2000(2000)@2000"),
                harness.events());
        assertEquals(2, operatorOf(harness).lateRecordsSideOutput());
        assertEquals(0, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void aLateRecordWithoutASideOutputIsDroppedAndCountedPerSide() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(
                new IntervalJoinOperator<>(KEY, KEY, -1000, 1000, true, true, LEFT_LATE, null, PAIR));
        harness.processWatermark1(2000);
        harness.processWatermark2(2000);
        harness.processElement1("a:left", 1000);
        harness.processElement2("a:right1", 1000);
        harness.processElement2("a:right2", 1999);
        harness.processElement1("a:2000", 2000);
        assertEquals(List.of("WM 2000", "SIDE late-left a:left@1000"), harness.events());
        assertEquals(2, operatorOf(harness).lateRecordsDropped());
        assertEquals(1, operatorOf(harness).lateRecordsSideOutput());
        assertEquals(1, operatorOf(harness).stateEntries()); // only the left 2000's buffer
    }

    @Test
    void lateMeansBelowTheCombinedWatermarkNotBelowOneInputs() {
        final TwoInputOperatorHarness<String, String, String> harness = harness(-1000, 1000, true, true);
        harness.processWatermark1(5000); // the right input has sent nothing: the operator is at MIN
        harness.processElement1("a:1", 1000);
        harness.processElement2("a:2", 1500);
        harness.processWatermark2(1200); // now min(5000, 1200) = 1200
        harness.processElement1("a:3", 1199);
        harness.processElement2("a:4", 1200);
        assertEquals(List.of("a:1(1000) a:2(1500)@1500", "WM 1200", "a:1(1000) a:4(1200)@1200"), harness.events());
        assertEquals(1, operatorOf(harness).lateRecordsDropped());
        assertEquals(1200, operatorOf(harness).currentWatermark());
    }

    @Test
    void aRecordWithTimestampLongMinValueIsRefusedOnEitherSide() {
        final TwoInputOperatorHarness<String, String, String> harness = harness(-10, 10, true, true);
        final MissingTimestampException left = assertThrows(MissingTimestampException.class, () -> harness.processElement1("a:1", Long.MIN_VALUE));
        assertEquals("record has no timestamp: did you assign timestamps? (an interval join needs event time)", left.getMessage());
        assertThrows(MissingTimestampException.class, () -> harness.processElement2("a:1", Long.MIN_VALUE));
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void aBufferedRecordStillPairsWithARecordAtTheWatermarkUntilItsCleanupTimerFires() {
        // [0, 500]: the left 1000 is cleaned up at 1500, the right 1400 at 1400 (lowerBound >= 0)
        final TwoInputOperatorHarness<String, String, String> harness = harness(0, 500, true, true);
        harness.processElement1("a:L", 1000);
        harness.processElement2("a:R", 1400);
        harness.processWatermark1(1499);
        harness.processWatermark2(1499);
        harness.processElement2("a:1499", 1499); // at the watermark: joins the left 1000 (its timer is at 1500)
        harness.processElement1("a:1400", 1400); // late: 1400 < 1499
        harness.processWatermark1(1500);
        harness.processElement2("a:1500before", 1500); // combined still 1499: the left 1000 is there
        harness.processWatermark2(1500); // the cleanup timer at 1500 fires
        harness.processElement2("a:1500after", 1500); // at the watermark, not late: but the left 1000 is gone
        assertEquals(List.of("a:L(1000) a:R(1400)@1400", "WM 1499", "a:L(1000) a:1499(1499)@1499", "a:L(1000) a:1500before(1500)@1500",
                "WM 1500"), harness.events());
        assertEquals(1, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void cleanupTimersFollowTheAdjustedBoundsOnEachSide() {
        // (-300, 200]: adjusted [-299, 200]; a left record is cleaned at ts + 200, a right one at ts + 299
        final TwoInputOperatorHarness<String, String, String> harness = harness(-300, 200, false, true);
        harness.processElement1("a:L", 1000);
        harness.processElement2("b:R", 1000);
        harness.processWatermark1(1199);
        harness.processWatermark2(1199);
        assertEquals(2, operatorOf(harness).stateEntries());
        harness.processWatermark1(1200);
        harness.processWatermark2(1200);
        assertEquals(1, operatorOf(harness).stateEntries()); // the left 1000 is gone
        harness.processElement1("b:1200", 1200); // joins the right 1000: 1000 - 1200 = -200
        harness.processWatermark1(1299);
        harness.processWatermark2(1299);
        harness.processElement1("b:1299", 1299); // 1000 - 1299 = -299 is within the bounds, but the right 1000 was cleaned at 1299
        assertEquals(List.of("WM 1199", "WM 1200", "b:1200(1200) b:R(1000)@1200", "WM 1299"), harness.events());
    }

    @Test
    void endOfInputCleansUpEveryBufferEvenWhereCleanupTimeSaturates() {
        final TwoInputOperatorHarness<String, String, String> harness = harness(-100, 100, true, true);
        harness.processElement1("a:1", 1000);
        harness.processElement1("a:2", Long.MAX_VALUE - 10); // cleanup at MAX (saturated)
        harness.processElement2("a:3", Long.MAX_VALUE - 50); // cleanup at MAX - 50 + 100: saturated too
        harness.processElement2("b:4", Long.MAX_VALUE);
        assertEquals(List.of("a:2(" + (Long.MAX_VALUE - 10) + ") a:3(" + (Long.MAX_VALUE - 50) + ")@" + (Long.MAX_VALUE - 10)), harness.events());
        harness.processWatermark1(Long.MAX_VALUE);
        harness.processWatermark2(Long.MAX_VALUE);
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void boundsNearTheEndsOfLongJoinExactlyWhatFits() {
        final TwoInputOperatorHarness<String, String, String> harness = harness(10, 20, true, true);
        harness.processElement2("a:max", Long.MAX_VALUE);
        harness.processElement1("a:near", Long.MAX_VALUE - 5); // rights in [MAX + 5, MAX + 15]: none fits
        harness.processElement1("a:fits", Long.MAX_VALUE - 15);
        final TwoInputOperatorHarness<String, String, String> negative = harness(-20, -10, true, true);
        negative.processElement1("a:low", Long.MIN_VALUE + 5); // rights in [MIN - 15, MIN - 5]: none fits
        negative.processElement2("a:lowest", Long.MIN_VALUE + 1);
        assertEquals(List.of("a:fits(" + (Long.MAX_VALUE - 15) + ") a:max(" + Long.MAX_VALUE + ")@MAX"), harness.events());
        assertEquals(List.of(), negative.events());
        assertEquals(2, operatorOf(negative).stateEntries());
    }

    record Trade(String symbol, long price) {
    }

    record Quote(String symbol, long bid) {
    }

    /** The example of docs/semantics.md §7 "Interval join", as printed there. */
    @Test
    void theDocumentedExampleJoinsTradesWithTheQuotesAroundThem() {
        final OutputTag<Trade> lateTrades = new OutputTag<>("late-trades");
        final IntervalJoinOperator<String, Trade, Quote, String> join = new IntervalJoinOperator<>(Trade::symbol, Quote::symbol,
                -100, 100, true, false,
                lateTrades, null,
                (trade, quote, ctx, out) -> out.collect(trade.symbol() + " " + ctx.leftTimestamp() + " " + ctx.rightTimestamp()));
        final TwoInputOperatorHarness<Trade, Quote, String> harness = new TwoInputOperatorHarness<>(join);
        harness.processElement1(new Trade("AAPL", 190), 1000);
        for (final long time : new long[] {899, 900, 1099, 1100}) {
            harness.processElement2(new Quote("AAPL", 189), time);
        }
        assertEquals(List.of("AAPL 1000 900", "AAPL 1000 1099"), harness.records());
    }
}
