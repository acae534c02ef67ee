package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.event.MissingTimestampException;
import dev.weir.state.KeyGroups;
import dev.weir.testing.TwoInputOperatorHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/joins.md, "As-of join", case by case: which right version a left record gets (equal
 * timestamps: the last arrived; none: null), when it is emitted (the combined watermark at or
 * above its timestamp) and in which order, which versions the cleanup keeps (the newest at or
 * below the watermark and every newer one), late left and right records, end of input, the key
 * a keyed edge hands over, the function's context and the fingerprint. Records are
 * {@code key:value} strings; each result reads {@code left right|none(rightTs)@leftTs}.
 */
final class AsOfJoinOperatorTest {
    static final KeySelector<String, String> KEY = value -> value.substring(0, value.indexOf(':'));
    static final AsOfJoinFunction<String, String, String> PAIR =
            (left, right, ctx, out) -> out.collect(left + " " + (right == null ? "none" : right + "(" + ctx.rightTimestamp() + ")"));

    private static AsOfJoinOperator<String, String, String, String> join() {
        return new AsOfJoinOperator<>(KEY, KEY, PAIR);
    }

    private static TwoInputOperatorHarness<String, String, String> harness() {
        return new TwoInputOperatorHarness<>(join());
    }

    private static AsOfJoinOperator<String, String, String, String> operatorOf(final TwoInputOperatorHarness<String, String, String> harness) {
        return (AsOfJoinOperator<String, String, String, String>) harness.operator();
    }

    private static void watermark(final TwoInputOperatorHarness<String, String, String> harness, final long watermark) {
        harness.processWatermark1(watermark);
        harness.processWatermark2(watermark);
    }

    @Test
    void aLeftRecordGetsTheNewestRightVersionAtOrBeforeItsTimestamp() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        harness.processElement2("a:r90", 90);
        harness.processElement2("a:r80", 80);
        harness.processElement2("a:r101", 101); // after the left record: not its version
        harness.processElement2("b:r95", 95); // another key
        harness.processElement1("a:L", 100);
        watermark(harness, 100);
        assertEquals(List.of("a:L a:r90(90)@100", "WM 100"), harness.events());
    }

    @Test
    void ofRightVersionsWithEqualTimestampsTheOneThatArrivedLastWins() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        harness.processElement2("a:first", 100);
        harness.processElement1("a:L", 100);
        harness.processElement2("a:second", 100);
        harness.processElement2("a:third", 50);
        watermark(harness, 100);
        assertEquals(List.of("a:L a:second(100)@100", "WM 100"), harness.events());
    }

    @Test
    void aLeftRecordWithNoRightVersionIsJoinedWithNone() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        harness.processElement2("b:r", 10); // of another key
        harness.processElement1("a:L", 100);
        harness.processElement2("a:later", 150); // newer than the left record
        watermark(harness, 200);
        assertEquals(List.of("a:L none@100", "WM 200"), harness.events());
    }

    @Test
    void aLeftRecordWaitsUntilTheCombinedWatermarkReachesItsTimestamp() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        harness.processElement2("a:r1", 10);
        harness.processElement1("a:L", 100);
        harness.processWatermark1(500); // the right input still holds the operator at MIN
        assertEquals(List.of(), harness.events());
        harness.processWatermark2(99);
        harness.processElement2("a:r2", 100); // still in time for the left record
        harness.processWatermark2(100);
        assertEquals(List.of("WM 99", "a:L a:r2(100)@100", "WM 100"), harness.events());
    }

    @Test
    void withinOneWatermarkResultsComeByTimestampThenKeyByFirstArrivalThenArrival() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        harness.processElement1("b:1", 300);
        harness.processElement1("a:2", 200);
        harness.processElement1("c:3", 300);
        harness.processElement1("b:4", 200);
        harness.processElement1("b:5", 300);
        harness.processElement1("a:6", 200);
        watermark(harness, 1000);
        assertEquals(List.of("a:2 none@200", "a:6 none@200", "b:4 none@200", "b:1 none@300", "b:5 none@300", "c:3 none@300", "WM 1000"),
                harness.events());
    }

    @Test
    void theCleanupKeepsTheNewestVersionAtOrBelowTheWatermarkAndEveryNewerOne() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        for (final long ts : new long[] {10, 20, 30, 50}) {
            harness.processElement2("a:r" + ts, ts);
        }
        watermark(harness, 35); // 10 and 20 go; 30 (the newest <= 35) and 50 stay
        harness.clearOutput();
        // late left records see the versions kept
        harness.processElement1("a:L25", 25);
        harness.processElement1("a:L30", 30);
        harness.processElement1("a:L34", 34);
        assertEquals(List.of("a:L25 none@25", "a:L30 a:r30(30)@30", "a:L34 a:r30(30)@34"), harness.events());
        assertEquals(3, operatorOf(harness).lateLeftRecordsJoined());
        harness.clearOutput();
        watermark(harness, 60); // 30 goes, 50 stays
        harness.processElement1("a:L55", 55);
        harness.processElement1("a:L45", 45);
        assertEquals(List.of("WM 60", "a:L55 a:r50(50)@55", "a:L45 none@45"), harness.events());
        assertEquals(0, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void aLateRightRecordOlderThanTheKeptVersionIsDroppedAndANewerOneReplacesIt() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        harness.processElement2("a:r30", 30);
        harness.processElement2("a:r50", 50);
        watermark(harness, 40);
        harness.processElement2("a:r25", 25); // older than the kept 30 <= 40: no left record can pick it
        assertEquals(1, operatorOf(harness).lateRecordsDropped());
        harness.processElement2("a:r33", 33); // newer than 30, at or below 40: the new newest <= 40, 30 goes
        harness.processElement2("b:r5", 5); // no version of b yet: kept
        harness.processElement1("a:L31", 31);
        harness.processElement1("a:L35", 35);
        harness.processElement1("b:L40", 40);
        harness.processElement1("a:L45", 45);
        watermark(harness, 45);
        assertEquals(List.of("WM 40", "a:L31 none@31", "a:L35 a:r33(33)@35", "b:L40 b:r5(5)@40", "a:L45 a:r33(33)@45", "WM 45"),
                harness.events());
        assertEquals(1, operatorOf(harness).lateRecordsDropped());
        assertEquals(3, operatorOf(harness).lateLeftRecordsJoined());
    }

    @Test
    void aLateRightRecordAtTheKeptTimestampReplacesIt() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        harness.processElement2("a:old", 30);
        watermark(harness, 40);
        harness.processElement2("a:new", 30);
        harness.processElement1("a:L", 40);
        assertEquals(List.of("WM 40", "a:L a:new(30)@40"), harness.events());
        assertEquals(0, operatorOf(harness).lateRecordsDropped());
    }

    @Test
    void endOfInputEmitsEveryWaitingLeftRecordAndKeepsOneVersionPerKey() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        harness.processElement2("a:r1", 1);
        harness.processElement2("a:r2", 2);
        harness.processElement2("b:r3", 3);
        harness.processElement1("a:L", Long.MAX_VALUE - 1);
        harness.processElement1("b:L", 2);
        watermark(harness, Long.MAX_VALUE);
        assertEquals(List.of("b:L none@2", "a:L a:r2(2)@" + (Long.MAX_VALUE - 1), "WM MAX"), harness.events());
        assertEquals(2, operatorOf(harness).stateEntries()); // the newest version of a and of b
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void aKeyedEdgeHandsOverTheKeyAndItsGroup() {
        final KeySelector<String, String> never = value -> {
            throw new AssertionError("the edge's key is used");
        };
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(
                new AsOfJoinOperator<String, String, String, String>(never, never, (left, right, ctx, out) -> out.collect(
                        ctx.currentKey() + " " + left + " " + right + " wm=" + ctx.currentWatermark())));
        harness.operator().processKeyedRecord2("right", 5, "k", KeyGroups.keyGroupOf("k", KeyGroups.DEFAULT_MAX_PARALLELISM));
        harness.operator().processKeyedRecord1("left", 7, "k", -1);
        harness.operator().processKeyedRecord1("other", 7, "j", -1);
        watermark(harness, 10);
        assertEquals(List.of("k left right wm=10@7", "j other null wm=10@7", "WM 10"), harness.events());
    }

    @Test
    void theFunctionMayEmitToASideOutputAtTheLeftTimestamp() {
        final OutputTag<String> unmatched = new OutputTag<>("unmatched");
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(
                new AsOfJoinOperator<String, String, String, String>(KEY, KEY, (left, right, ctx, out) -> {
                    if (right == null) {
                        ctx.output(unmatched, left);
                    } else {
                        out.collect(left + "=" + right);
                    }
                }));
        harness.processElement2("a:r", 10);
        harness.processElement1("a:L", 20);
        harness.processElement1("b:L", 30);
        watermark(harness, 30);
        assertEquals(List.of("a:L=a:r@20", "SIDE unmatched b:L@30", "WM 30"), harness.events());
    }

    @Test
    void recordsWithoutTimestampAreAnError() {
        final TwoInputOperatorHarness<String, String, String> harness = harness();
        assertThrows(MissingTimestampException.class, () -> harness.processElement1("a:L", Long.MIN_VALUE));
        assertThrows(MissingTimestampException.class, () -> harness.processElement2("a:R", Long.MIN_VALUE));
    }

    @Test
    void theFingerprintNamesTheJoinAndItsFunction() {
        final AsOfJoinOperator<String, String, String, String> join = join();
        assertEquals(Map.of("operator", "as-of join", "late left data", "joined at once", "function", "a lambda"), join.fingerprint());
    }
}
