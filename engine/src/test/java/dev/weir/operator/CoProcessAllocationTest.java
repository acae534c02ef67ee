package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.runtime.task.TwoInputOperatorInput;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroups;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7: once their state and timers have grown to their working size, the
 * operators of connected streams allocate nothing per record or watermark (measured with the
 * thread's allocated-bytes counter): co-map, co-flatMap and co-process (results, side outputs,
 * the context), keyed co-process (the current key from the edge or the key selector, keyed state
 * of both callbacks, timers registered again and again by both and fired on the combined
 * watermark), a co-process function over keyed connected streams (the same, through the view of
 * the keyed context it is given) and the keyed side of a keyed broadcast function reading the broadcast state. The
 * functions and the output count and allocate nothing; the records are made beforehand.
 */
@Tag("allocation")
final class CoProcessAllocationTest {
    private static final int KEYS = 100;
    private static final int ROUNDS = 200_000;
    private static final OutputTag<Tick> SIDE = new OutputTag<>("side");
    private static final ValueStateDescriptor<long[]> TOTAL = new ValueStateDescriptor<>("total");
    private static final MapStateDescriptor<String, Tick> LAST = new MapStateDescriptor<>("last", String.class, Tick.class);

    /** A keyed record, made before the measured loop. */
    static final class Tick {
        final String key;
        final long value;

        Tick(final String key, final long value) {
            this.key = key;
            this.value = value;
        }
    }

    private final Tick[] ticks = new Tick[KEYS];
    private final int[] keyGroups = new int[KEYS];
    private long emitted;
    private long sideEmitted;
    private long fired;
    private long checksum;

    CoProcessAllocationTest() {
        for (int k = 0; k < KEYS; k++) {
            ticks[k] = new Tick("key-" + k, k);
            keyGroups[k] = KeyGroups.keyGroupOf(ticks[k].key, KeyGroups.DEFAULT_MAX_PARALLELISM);
        }
    }

    private <OUT> TwoInputOperatorInput<Tick, Tick> open(final TwoInputOperator<Tick, Tick, OUT> operator) {
        operator.open(new OperatorContext("co", new VirtualClock(0), 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM, HeapStateBackend.INSTANCE),
                new Output<OUT>() {
                    @Override
                    public void record(final OUT value, final long timestamp) {
                        emitted++;
                    }

                    @Override
                    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
                        sideEmitted++;
                    }

                    @Override
                    public void watermark(final long watermark) {
                    }

                    @Override
                    public void status(final WatermarkStatus status) {
                    }
                });
        return new TwoInputOperatorInput<>(operator, 1, 1);
    }

    /** Round {@code t}: a record of each input at t of key t % 100; every 100 rounds both watermarks move to t - 500. */
    private interface Round {
        void run(TwoInputOperatorInput<Tick, Tick> input, int t);
    }

    private void drive(final TwoInputOperatorInput<Tick, Tick> input, final int from, final Round round) {
        for (int t = from; t < from + ROUNDS; t++) {
            round.run(input, t);
            if (t % 100 == 99) {
                input.watermark(1, 0, t - 500);
                input.watermark(2, 0, t - 500);
            }
        }
    }

    /** @return the bytes the thread allocated for the second {@link #ROUNDS} rounds, after a warm-up of as many */
    private long measure(final TwoInputOperatorInput<Tick, Tick> input, final Round round) {
        drive(input, 0, round);
        emitted = 0;
        sideEmitted = 0;
        fired = 0;
        checksum = 0;
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        drive(input, ROUNDS, round);
        return threads.getThreadAllocatedBytes(threadId) - before;
    }

    @Test
    void coMapCoFlatMapAndCoProcessAllocateNothingPerRecord() {
        final TwoInputOperatorInput<Tick, Tick> map = open(new CoMapOperator<>(new CoMapFunction<Tick, Tick, Tick>() {
            @Override
            public Tick map1(final Tick value) {
                return value;
            }

            @Override
            public Tick map2(final Tick value) {
                return value;
            }
        }));
        final Round both = (input, t) -> {
            input.record1(ticks[t % KEYS], t);
            input.record2(ticks[t % KEYS], t);
        };
        long allocated = measure(map, both);
        assertTrue(allocated < ROUNDS, "co-map allocated " + allocated + " bytes for " + 2 * ROUNDS + " records");
        assertEquals(2L * ROUNDS, emitted);

        final TwoInputOperatorInput<Tick, Tick> flatMap = open(new CoFlatMapOperator<>(new CoFlatMapFunction<Tick, Tick, Tick>() {
            @Override
            public void flatMap1(final Tick value, final Collector<Tick> out) {
                out.collect(value);
                out.collect(value);
            }

            @Override
            public void flatMap2(final Tick value, final Collector<Tick> out) {
            }
        }));
        allocated = measure(flatMap, both);
        assertTrue(allocated < ROUNDS, "co-flatMap allocated " + allocated + " bytes for " + 2 * ROUNDS + " records");
        assertEquals(2L * ROUNDS, emitted);

        final TwoInputOperatorInput<Tick, Tick> process = open(new CoProcessOperator<>(new CoProcessFunction<Tick, Tick, Tick>() {
            @Override
            public void processElement1(final Tick value, final Context ctx, final Collector<Tick> out) {
                checksum += ctx.timestamp() + ctx.timerService().currentWatermark() % 7;
                out.collect(value);
            }

            @Override
            public void processElement2(final Tick value, final Context ctx, final Collector<Tick> out) {
                ctx.output(SIDE, value);
            }
        }));
        allocated = measure(process, both);
        assertTrue(allocated < ROUNDS, "co-process allocated " + allocated + " bytes for " + 2 * ROUNDS + " records");
        assertEquals(ROUNDS, emitted);
        assertEquals(ROUNDS, sideEmitted);
    }

    @Test
    void keyedCoProcessAllocatesNothingPerRecordOnceItsStateAndTimersExist() {
        final KeyedCoProcessOperator<String, Tick, Tick, Tick> operator = new KeyedCoProcessOperator<>(tick -> tick.key, tick -> tick.key,
                new KeyedCoProcessFunction<String, Tick, Tick, Tick>() {
                    @Override
                    public void processElement1(final Tick value, final Context<String> ctx, final Collector<Tick> out) {
                        final ValueState<long[]> total = ctx.state(TOTAL);
                        final long[] holder = total.value();
                        if (holder == null) {
                            total.update(new long[] {value.value});
                        } else {
                            holder[0] += value.value;
                        }
                        ctx.timerService().registerEventTimeTimer(ctx.timestamp() / 100 * 100 + 99);
                    }

                    @Override
                    public void processElement2(final Tick value, final Context<String> ctx, final Collector<Tick> out) {
                        // the same timer as the other callback's: stored once
                        ctx.timerService().registerEventTimeTimer(ctx.timestamp() / 100 * 100 + 99);
                        out.collect(value);
                    }

                    @Override
                    public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<Tick> out) {
                        fired++;
                        checksum += ctx.state(TOTAL).value()[0];
                    }
                });
        final TwoInputOperatorInput<Tick, Tick> input = open(operator);
        final long allocated = measure(input, (in, t) -> {
            final int k = t % KEYS;
            operator.processKeyedRecord1(ticks[k], t, ticks[k].key, keyGroups[k]);
            in.record2(ticks[k], t);
        });
        assertTrue(allocated < ROUNDS, "keyed co-process allocated " + allocated + " bytes for " + 2 * ROUNDS + " records");
        assertEquals(ROUNDS, emitted);
        // one timer per key and 100 ms, ROUNDS in all; the 500 the warm-up left pending fire too
        assertEquals(ROUNDS, fired + operator.pendingTimers() - 500);
        assertTrue(operator.pendingTimers() <= 600, operator.pendingTimers() + " timers pending");
        assertTrue(checksum > 0);
    }

    @Test
    void aCoProcessFunctionOnKeyedStreamsAllocatesNothingPerRecordOnceItsStateAndTimersExist() {
        final KeyedCoProcessOperator<String, Tick, Tick, Tick> operator = KeyedCoProcessOperator.forCoProcess(tick -> tick.key,
                tick -> tick.key, new CoProcessFunction<Tick, Tick, Tick>() {
                    @Override
                    public void processElement1(final Tick value, final Context ctx, final Collector<Tick> out) {
                        final ValueState<long[]> total = ctx.state(TOTAL);
                        final long[] holder = total.value();
                        if (holder == null) {
                            total.update(new long[] {value.value});
                        } else {
                            holder[0] += value.value;
                        }
                        ctx.timerService().registerEventTimeTimer(ctx.timestamp() / 100 * 100 + 99);
                    }

                    @Override
                    public void processElement2(final Tick value, final Context ctx, final Collector<Tick> out) {
                        ctx.timerService().registerEventTimeTimer(ctx.timestamp() / 100 * 100 + 99);
                        out.collect(value);
                        ctx.output(SIDE, value);
                    }

                    @Override
                    public void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<Tick> out) {
                        fired++;
                        checksum += ctx.state(TOTAL).value()[0] + ctx.timeDomain().ordinal();
                    }
                });
        final TwoInputOperatorInput<Tick, Tick> input = open(operator);
        final long allocated = measure(input, (in, t) -> {
            final int k = t % KEYS;
            operator.processKeyedRecord1(ticks[k], t, ticks[k].key, keyGroups[k]);
            in.record2(ticks[k], t);
        });
        assertTrue(allocated < ROUNDS, "co-process on keyed streams allocated " + allocated + " bytes for " + 2 * ROUNDS + " records");
        assertEquals(ROUNDS, emitted);
        assertEquals(ROUNDS, sideEmitted);
        assertEquals(ROUNDS, fired + operator.pendingTimers() - 500);
        assertTrue(operator.pendingTimers() <= 600, operator.pendingTimers() + " timers pending");
        assertTrue(checksum > 0);
    }

    @Test
    void theKeyedSideOfAKeyedBroadcastFunctionAllocatesNothingPerRecord() {
        final CoBroadcastWithKeyedOperator<String, Tick, Tick, Tick> operator = new CoBroadcastWithKeyedOperator<>(tick -> tick.key,
                new KeyedBroadcastProcessFunction<String, Tick, Tick, Tick>() {
                    @Override
                    public void processElement(final Tick value, final ReadOnlyContext<String> ctx, final Collector<Tick> out) {
                        final Tick last = ctx.getBroadcastState(LAST).get(ctx.getCurrentKey());
                        if (last != null) {
                            checksum += last.value;
                            out.collect(last);
                        }
                        ctx.timerService().registerEventTimeTimer(ctx.timestamp() / 100 * 100 + 99);
                    }

                    @Override
                    public void processBroadcastElement(final Tick value, final Context<String> ctx, final Collector<Tick> out) {
                        ctx.getBroadcastState(LAST).put(value.key, value);
                    }

                    @Override
                    public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<Tick> out) {
                        fired++;
                    }
                }, List.of(LAST));
        final TwoInputOperatorInput<Tick, Tick> input = open(operator);
        final long allocated = measure(input, (in, t) -> {
            final int k = t % KEYS;
            in.record2(ticks[k], t);
            operator.processKeyedRecord1(ticks[k], t, ticks[k].key, keyGroups[k]);
        });
        assertTrue(allocated < ROUNDS, "keyed broadcast allocated " + allocated + " bytes for " + 2 * ROUNDS + " records");
        assertEquals(ROUNDS, emitted);
        assertTrue(fired > 0);
    }
}
