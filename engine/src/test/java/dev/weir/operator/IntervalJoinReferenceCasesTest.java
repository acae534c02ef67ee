package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.event.Watermarks;
import dev.weir.testing.TwoInputOperatorHarness;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7 "Interval join", three reference cases run at operator level: records and
 * explicit watermarks of the left and the right input in the order given (one channel each, the
 * operator on their combined watermark), then end of input on both. Each result is a canonical line:
 * {@code JOIN key=K left=TS:V right=TS:V ts=T wm=W} ({@code wm} is the operator's combined
 * watermark when the pair was emitted; pairs emitted at the same watermark may come in any order,
 * so each such run is compared sorted), {@code LATE input=SIDE key=K ts=T value=V} for the late
 * side outputs, and {@code # lateDropped=N}.
 */
final class IntervalJoinReferenceCasesTest {
    private static final OutputTag<String> LEFT_LATE = new OutputTag<>("left");
    private static final OutputTag<String> RIGHT_LATE = new OutputTag<>("right");

    /** Runs rows {@code "left|right R key ts value"} and {@code "left|right W ts"}, then end of input. */
    private static List<String> run(final long lower, final long upper, final boolean upperInclusive, final boolean sideOutputLateData,
            final String... rows) {
        final IntervalJoinOperator<?, ?, ?, ?>[] operator = new IntervalJoinOperator<?, ?, ?, ?>[1];
        final ProcessJoinFunction<String, String, String> lines = (left, right, ctx, out) -> out.collect(
                "JOIN key=" + left.substring(0, left.indexOf(':')) + " left=" + ctx.leftTimestamp() + left.substring(left.indexOf(':'))
                        + " right=" + ctx.rightTimestamp() + right.substring(right.indexOf(':')) + " ts=" + ctx.timestamp()
                        + " wm=" + Watermarks.format(operator[0].currentWatermark()));
        final IntervalJoinOperator<String, String, String, String> join = new IntervalJoinOperator<>(IntervalJoinOperatorTest.KEY,
                IntervalJoinOperatorTest.KEY, lower, upper, true, upperInclusive, sideOutputLateData ? LEFT_LATE : null,
                sideOutputLateData ? RIGHT_LATE : null, lines);
        operator[0] = join;
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(join);
        for (final String row : rows) {
            final String[] fields = row.split(" ");
            final int input = fields[0].equals("left") ? 1 : 2;
            if (fields[1].equals("W")) {
                harness.processWatermark(input, 0, Long.parseLong(fields[2]));
            } else if (input == 1) {
                harness.processElement1(fields[2] + ":" + fields[4], Long.parseLong(fields[3]));
            } else {
                harness.processElement2(fields[2] + ":" + fields[4], Long.parseLong(fields[3]));
            }
        }
        harness.processWatermark1(Long.MAX_VALUE); // end of input of both sides
        harness.processWatermark2(Long.MAX_VALUE);
        final List<String> out = new ArrayList<>();
        for (final String event : harness.events()) {
            if (event.startsWith("JOIN ")) {
                out.add(event.substring(0, event.lastIndexOf('@')));
            } else if (event.startsWith("SIDE ")) {
                final String[] side = event.split(" ");
                final String record = side[2];
                out.add("LATE input=" + side[1] + " key=" + record.substring(0, record.indexOf(':')) + " ts="
                        + record.substring(record.indexOf('@') + 1) + " value=" + record.substring(record.indexOf(':') + 1, record.indexOf('@')));
            }
        }
        out.add("# lateDropped=" + join.lateRecordsDropped());
        return canonical(out);
    }

    /** Sorts each run of JOIN lines that share a watermark; everything else keeps its place. */
    private static List<String> canonical(final List<String> lines) {
        final List<String> result = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            int end = i + 1;
            if (lines.get(i).startsWith("JOIN ")) {
                final String watermark = lines.get(i).substring(lines.get(i).lastIndexOf(" wm="));
                while (end < lines.size() && lines.get(end).startsWith("JOIN ") && lines.get(end).endsWith(watermark)) {
                    end++;
                }
            }
            final List<String> run = new ArrayList<>(lines.subList(i, end));
            run.sort(null);
            result.addAll(run);
            i = end;
        }
        return result;
    }

    @Test
    void inclusiveLowerAndExclusiveUpperBoundJoinExactlyTheirInterval() {
        // right.ts - left.ts in [-100, 100): [-100, 99]
        assertEquals(canonical(List.of(
                        "JOIN key=a left=1000:1 right=900:3 ts=1000 wm=MIN", // -100: the inclusive lower bound (899 is -101)
                        "JOIN key=a left=1000:1 right=1099:4 ts=1099 wm=MIN", // +99; 1100 is +100, excluded
                        "JOIN key=a left=1150:7 right=1099:4 ts=1150 wm=1000", // rights 899 and 900 were cleaned at ts + 100 <= 1000
                        "JOIN key=a left=1150:7 right=1100:5 ts=1150 wm=1000",
                        "# lateDropped=0")),
                run(-100, 100, false, false,
                        "left R a 1000 1",
                        "right R a 899 2",
                        "right R a 900 3",
                        "right R a 1099 4",
                        "right R a 1100 5",
                        "right R b 1000 6", // no left record of key b
                        "left W 1000",
                        "right W 1000",
                        "left R a 1150 7"));
    }

    @Test
    void lateRecordsOfBothSidesGoToTheirSideOutputsAgainstTheCombinedWatermark() {
        assertEquals(canonical(List.of(
                        "JOIN key=k left=1000:1 right=1200:2 ts=1200 wm=MIN",
                        // left 1500, right 1300: combined 1300; the right 1200 is cleaned at 1200 (lowerBound 0)
                        "LATE input=left key=k ts=1250 value=3",
                        "LATE input=right key=k ts=1290 value=4",
                        // the left 1300 equals the watermark: not late, but the right 1200 is gone
                        "JOIN key=k left=1300:5 right=1400:6 ts=1400 wm=1300",
                        "JOIN key=k left=1000:1 right=1400:6 ts=1400 wm=1300",
                        // right 2000: combined 1500, held by the left; the left 1000 (cleaned at 1500) and the right 1400 go
                        "LATE input=left key=k ts=1400 value=7",
                        "JOIN key=k left=1300:5 right=1600:8 ts=1600 wm=1500",
                        "# lateDropped=0")),
                run(0, 500, true, true,
                        "left R k 1000 1",
                        "right R k 1200 2",
                        "left W 1500",
                        "right W 1300",
                        "left R k 1250 3",
                        "right R k 1290 4",
                        "left R k 1300 5",
                        "right R k 1400 6",
                        "right W 2000",
                        "left R k 1400 7",
                        "right R k 1600 8"));
    }

    @Test
    void aNegativeIntervalJoinsOlderRightRecordsAndCleansLeftRecordsAtTheirOwnTimestamp() {
        // right.ts - left.ts in [-500, -200]; a left record is cleaned at its ts, a right one at ts + 500
        assertEquals(canonical(List.of(
                        "JOIN key=k left=1500:3 right=1300:2 ts=1500 wm=MIN", // -200
                        "JOIN key=k left=1500:3 right=1000:1 ts=1500 wm=MIN", // -500
                        "JOIN key=k left=1200:4 right=1000:1 ts=1200 wm=MIN", // -200; the right 1300 would be +100
                        // combined 1600: lefts 1200 and 1500 and the right 1000 are cleaned, the right 1300 stays until 1800;
                        // the right 1700 finds no left in [1900, 2200] yet
                        "JOIN key=k left=2000:6 right=1700:5 ts=2000 wm=1600",
                        "JOIN key=k left=1750:7 right=1300:2 ts=1750 wm=1600",
                        "# lateDropped=0")),
                run(-500, -200, true, false,
                        "right R k 1000 1",
                        "right R k 1300 2",
                        "left R k 1500 3",
                        "left R k 1200 4",
                        "left W 1600",
                        "right W 1600",
                        "right R k 1700 5",
                        "left R k 2000 6",
                        "left R k 1750 7"));
    }
}
