package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.event.WatermarkStatus;
import dev.weir.metrics.InputMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.operator.BroadcastProcessFunction;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import dev.weir.source.CollectionSource;
import dev.weir.source.Publisher;
import dev.weir.state.BroadcastState;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroups;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ReadOnlyBroadcastState;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Broadcast state through {@code connect(BroadcastStream)} and {@code process(...)} on both
 * schedulers: every instance of a stage at parallelism 3 holds every rule and reads it; broadcast
 * state checkpointed at parallelism 1 is restored into each of 3 instances and back into 1; a
 * broadcast side that never sends a watermark holds the operator at MIN, and the metrics name it;
 * the keyed and non-keyed functions are refused on the wrong side.
 */
final class BroadcastStatePipelineTest {
    /** A rule of the broadcast side: a name and a limit; the name {@code dump} asks every instance for its rules. */
    record Rule(String name, int limit, long time) {
    }

    /** An event of the other side. */
    record Event(String key, int value, long time) {
    }

    static final MapStateDescriptor<String, Integer> RULES = new MapStateDescriptor<>("rules", String.class, Integer.class);
    private static final List<String> KEYS = List.of("k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8");
    private static final long INTERVAL = 1000;

    /**
     * The keyed function of these tests: the broadcast side stores a rule ({@code dump} prints the
     * instance's rules instead); an event counts itself in keyed state and is checked against the
     * rules at once (restore tests) or on an event-time timer at its time (replication test).
     */
    static final class Checker implements KeyedBroadcastProcessFunction<String, Event, Rule, String> {
        private static final ValueStateDescriptor<Integer> SEEN = new ValueStateDescriptor<>("seen");
        private static final ValueStateDescriptor<Integer> VALUE = new ValueStateDescriptor<>("value");
        private final boolean onTimer;

        Checker(final boolean onTimer) {
            this.onTimer = onTimer;
        }

        @Override
        public void processElement(final Event event, final ReadOnlyContext<String> ctx, final Collector<String> out) {
            final ValueState<Integer> seen = ctx.state(SEEN);
            final int count = seen.value() == null ? 1 : seen.value() + 1;
            seen.update(count);
            if (onTimer) {
                ctx.state(VALUE).update(event.value());
                ctx.timerService().registerEventTimeTimer(ctx.timestamp());
            } else {
                out.collect(event.key() + " #" + count + " " + check(event.value(), ctx.getBroadcastState(RULES)));
            }
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<String> out) {
            out.collect(ctx.getCurrentKey() + " at " + timestamp + " " + check(ctx.state(VALUE).value(), ctx.getBroadcastState(RULES)));
        }

        @Override
        public void processBroadcastElement(final Rule rule, final Context<String> ctx, final Collector<String> out) {
            final BroadcastState<String, Integer> rules = ctx.getBroadcastState(RULES);
            if (rule.name().equals("dump")) {
                final List<String> entries = new ArrayList<>();
                rules.entries().forEach(entry -> entries.add(entry.getKey() + "=" + entry.getValue()));
                out.collect("rules " + entries);
                return;
            }
            rules.put(rule.name(), rule.limit());
            out.collect("stored " + rule.name());
        }
    }

    /** @return the rules an event's value breaks, of how many */
    static String check(final int value, final ReadOnlyBroadcastState<String, Integer> rules) {
        final List<String> broken = new ArrayList<>();
        for (final Map.Entry<String, Integer> rule : rules.immutableEntries()) {
            if (value > rule.getValue()) {
                broken.add(rule.getKey());
            }
        }
        return "breaks " + broken + " of " + rules.size();
    }

    private static WatermarkStrategy<Event> eventTime() {
        return WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((event, ts) -> event.time());
    }

    private static WatermarkStrategy<Rule> ruleTime() {
        return WatermarkStrategy.<Rule>forMonotonousTimestamps().withTimestampAssigner((rule, ts) -> rule.time());
    }

    private static List<Event> events() {
        final List<Event> events = new ArrayList<>();
        for (int i = 0; i < KEYS.size(); i++) {
            events.add(new Event(KEYS.get(i), i, 10 + i));
        }
        return events;
    }

    private static List<String> repeated(final int times, final String... lines) {
        final List<String> all = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            all.addAll(List.of(lines));
        }
        return all;
    }

    private static List<String> sorted(final List<String> lines) {
        return lines.stream().sorted().toList();
    }

    @Test
    void theKeysOfTheseTestsReachEveryOneOfThreeInstances() {
        final Set<Integer> instances = new HashSet<>();
        for (final String key : KEYS) {
            instances.add(KeyGroups.instanceFor(KeyGroups.DEFAULT_MAX_PARALLELISM, 3, KeyGroups.keyGroupOf(key, KeyGroups.DEFAULT_MAX_PARALLELISM)));
        }
        assertEquals(Set.of(0, 1, 2), instances);
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void broadcastStateIsReplicatedToEveryInstanceAtParallelismThree(final Scheduler scheduler) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("replicated");
        final DataStream<Rule> rules = pipeline.from("rules", CollectionSource.of(List.of(new Rule("low", 2, 0), new Rule("high", 6, 0))),
                ruleTime(), 1);
        pipeline.from("events", CollectionSource.of(events()).withBatchSize(2), eventTime(), 1)
                .keyBy(Event::key)
                .connect(rules.broadcast(RULES))
                .parallelism(3)
                .process(new Checker(true))
                .sink(lines);
        scheduler.runToEnd(pipeline, lines);
        final List<String> expected = new ArrayList<>(repeated(3, "stored low", "stored high"));
        // each key's timer fires on the combined watermark: after the broadcast side's rules, in whichever instance holds the key
        for (int i = 0; i < KEYS.size(); i++) {
            expected.add(KEYS.get(i) + " at " + (10 + i) + " breaks " + (i > 6 ? "[low, high]" : i > 2 ? "[low]" : "[]") + " of 2");
        }
        assertEquals(sorted(expected), lines.sorted());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aBroadcastProcessFunctionGetsEveryRuleInEveryInstanceOfANonKeyedStage(final Scheduler scheduler) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("non-keyed");
        final DataStream<Rule> rules = pipeline.from("rules", CollectionSource.of(List.of(new Rule("low", 2, 0))), ruleTime(), 1);
        pipeline.from("events", CollectionSource.of(events()), eventTime(), 3)
                .connect(rules.broadcast(RULES))
                .process(new BroadcastProcessFunction<Event, Rule, String>() {
                    @Override
                    public void processElement(final Event event, final ReadOnlyContext ctx, final Collector<String> out) {
                        out.collect("event " + event.key());
                    }

                    @Override
                    public void processBroadcastElement(final Rule rule, final Context ctx, final Collector<String> out) {
                        ctx.getBroadcastState(RULES).put(rule.name(), rule.limit());
                        out.collect("stored " + rule.name() + " " + ctx.getBroadcastState(RULES).size());
                    }
                })
                .sink(lines);
        scheduler.runToEnd(pipeline, lines);
        final List<String> expected = new ArrayList<>(repeated(3, "stored low 1"));
        KEYS.forEach(key -> expected.add("event " + key));
        assertEquals(sorted(expected), lines.sorted());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void broadcastStateIsReadOnlyOnTheOtherSide(final Scheduler scheduler) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("read-only");
        final DataStream<Rule> rules = pipeline.from("rules", CollectionSource.of(List.of(new Rule("low", 2, 0))), ruleTime(), 1);
        pipeline.from("events", CollectionSource.of(events()), eventTime(), 1)
                .connect(rules.broadcast(RULES))
                .process(new BroadcastProcessFunction<Event, Rule, String>() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public void processElement(final Event event, final ReadOnlyContext ctx, final Collector<String> out) {
                        ((BroadcastState<String, Integer>) ctx.getBroadcastState(RULES)).put(event.key(), event.value());
                    }

                    @Override
                    public void processBroadcastElement(final Rule rule, final Context ctx, final Collector<String> out) {
                    }
                })
                .sink(lines);
        final Throwable failure = assertThrows(RuntimeException.class, () -> scheduler.runToEnd(pipeline, lines));
        Throwable cause = failure;
        while (cause.getCause() != null && !(cause instanceof UnsupportedOperationException)) {
            cause = cause.getCause();
        }
        assertEquals("broadcast state 'rules' is read-only on the non-broadcast side: put() is refused; only processBroadcastElement may"
                + " write it (use immutableEntries() to read all entries)", cause.getMessage());
    }

    @TempDir
    Path dir;

    /** One run of the restore test: its publishers and its sink. */
    record Run(StreamPipeline pipeline, Publisher<Event> events, Publisher<Rule> rules, Lines lines) {
    }

    private Run build(final int parallelism, final boolean restore) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("broadcast-restore").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Event> events = pipeline.publisher("events");
        final Publisher<Rule> rules = pipeline.publisher("rules");
        pipeline.from(events, WatermarkStrategy.<Event>explicit()).keyBy(Event::key)
                .connect(pipeline.from(rules, WatermarkStrategy.<Rule>explicit()).broadcast(RULES))
                .parallelism(parallelism)
                .process(new Checker(false))
                .sink(lines);
        if (restore) {
            pipeline.restoreFrom(dir);
        }
        pipeline.checkpointing(dir, Duration.ofMillis(INTERVAL));
        return new Run(pipeline, events, rules, lines);
    }

    private static void publishEvents(final Run run) {
        for (int i = 0; i < KEYS.size(); i++) {
            run.events().publish(new Event(KEYS.get(i), i, 10 + i), 10 + i);
        }
    }

    private static List<String> checked(final int count, final int rules) {
        final List<String> lines = new ArrayList<>();
        for (int i = 0; i < KEYS.size(); i++) {
            final String broken = rules == 2 ? (i > 6 ? "[low, high]" : i > 2 ? "[low]" : "[]")
                    : (i > 6 ? "[low, high, mid]" : i > 4 ? "[low, mid]" : i > 2 ? "[low]" : "[]");
            lines.add(KEYS.get(i) + " #" + count + " breaks " + broken + " of " + rules);
        }
        return lines;
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void broadcastStateCheckpointedAtOneInstanceIsRestoredIntoEachOfThreeAndBackIntoOne(final Scheduler scheduler) {
        final Run first = build(1, false);
        try (Driven running = Driven.start(scheduler, first.pipeline())) {
            first.rules().publish(new Rule("low", 2, 1), 1);
            first.rules().publish(new Rule("high", 6, 2), 2);
            running.settle();
            publishEvents(first);
            running.settle();
            running.advanceTo(INTERVAL);
            running.awaitCheckpoint(1);
        }
        final List<String> expected = new ArrayList<>(List.of("stored low", "stored high"));
        expected.addAll(checked(1, 2));
        assertEquals(sorted(expected), first.lines().sorted());

        // rescaled to 3: every instance holds both rules, the keys' counts come back with them
        final Run second = build(3, true);
        try (Driven running = Driven.start(scheduler, second.pipeline())) {
            second.rules().publish(new Rule("dump", 0, 3), 3);
            running.settle();
            assertEquals(repeated(3, "rules [low=2, high=6]"), second.lines().lines());
            publishEvents(second);
            running.settle();
            second.rules().publish(new Rule("mid", 4, 4), 4);
            running.settle();
            final long restored = running.completedCheckpointId();
            running.advanceTo(INTERVAL);
            running.awaitCheckpoint(restored + 1);
        }
        final List<String> rescaled = new ArrayList<>(repeated(3, "rules [low=2, high=6]", "stored mid"));
        rescaled.addAll(checked(2, 2));
        assertEquals(sorted(rescaled), second.lines().sorted());

        // back to 1: the one instance holds the three rules in the order they were first put
        final Run third = build(1, true);
        try (Driven running = Driven.start(scheduler, third.pipeline())) {
            third.rules().publish(new Rule("dump", 0, 5), 5);
            running.settle();
            publishEvents(third);
            running.settle();
        }
        final List<String> back = new ArrayList<>(List.of("rules [low=2, high=6, mid=4]"));
        back.addAll(checked(3, 3));
        assertEquals(back.get(0), third.lines().lines().get(0));
        assertEquals(sorted(back), third.lines().sorted());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aBroadcastSideThatNeverSendsAWatermarkHoldsTheOperatorAtMinAndIsNamed(final Scheduler scheduler) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("trap");
        final Publisher<Event> events = pipeline.publisher("events");
        final Publisher<Rule> rules = pipeline.publisher("rules");
        pipeline.from(events, WatermarkStrategy.<Event>explicit()).keyBy(Event::key)
                .connect(pipeline.from(rules, WatermarkStrategy.<Rule>explicit()).broadcast(RULES))
                .process(new Checker(true))
                .sink(lines);
        try (Driven running = Driven.start(scheduler, pipeline)) {
            rules.publish(new Rule("low", 2, 1), 1);
            events.publish(new Event("k0", 5, 10), 10);
            events.emitWatermark(30);
            running.settle();
            // the event's timer at 10 cannot fire: the broadcast side (input 2) has never sent a watermark
            assertEquals(List.of("stored low"), lines.lines());
            final TaskMetrics task = running.metrics().stage("two-input-2").get(0);
            assertEquals(new InputMetrics(2, Long.MIN_VALUE, WatermarkStatus.ACTIVE, false, 0, true, 1), task.twoInputs().get(1));
            assertEquals(1, task.twoInputs().get(0).recordsIn(), "records in from input 1");
            assertEquals(List.of("rules-1[0]->two-input-2[0]"), task.inputs().stream().filter(channel -> channel.input() == 2)
                    .map(dev.weir.metrics.ChannelMetrics::name).toList());
            assertEquals("input 2 has never sent a watermark (its channel 0 is at MIN) and holds the two-input operator's watermark at MIN"
                    + " while input 1 reached 30: event-time timers and windows cannot fire. Give input 2 watermarks, end it (its end sends"
                    + " MAX), or enable idleness on it so that it is marked IDLE.", task.stalledNote());
            // its end sends MAX: the timer fires
            rules.end();
            running.settle();
            assertEquals(List.of("stored low", "k0 at 10 breaks [low] of 1"), lines.lines());
            assertEquals(null, running.metrics().stage("two-input-2").get(0).stalledNote());
            events.end();
            running.runToEnd();
        }
    }

    private static final BroadcastProcessFunction<Event, Rule, String> NON_KEYED = new BroadcastProcessFunction<>() {
        @Override
        public void processElement(final Event value, final ReadOnlyContext ctx, final Collector<String> out) {
        }

        @Override
        public void processBroadcastElement(final Rule value, final Context ctx, final Collector<String> out) {
        }
    };

    @Test
    void eachBroadcastFunctionIsRefusedOnTheOtherKindOfSide() {
        final StreamPipeline pipeline = StreamPipeline.named("refused");
        final DataStream<Event> events = pipeline.from("events", CollectionSource.of(events()), eventTime(), 1);
        final BroadcastStream<Rule> rules = pipeline.from("rules", CollectionSource.of(List.<Rule>of()), ruleTime(), 1).broadcast(RULES);
        assertEquals(List.of(RULES), rules.descriptors());
        final BroadcastConnectedStream<Event, Rule> keyed = events.keyBy(Event::key).connect(rules);
        assertTrue(keyed.isKeyed());
        assertEquals("BroadcastConnectedStream.process: the non-broadcast side is a KeyedStream; a BroadcastProcessFunction runs on a"
                + " non-keyed side only. Give a KeyedBroadcastProcessFunction",
                assertThrows(IllegalArgumentException.class, () -> keyed.process(NON_KEYED)).getMessage());
        final BroadcastConnectedStream<Event, Rule> plain = events.connect(rules);
        assertEquals("BroadcastConnectedStream.process: a KeyedBroadcastProcessFunction needs a keyed non-broadcast side; this one is not"
                + " keyed. Connect the broadcast stream to a KeyedStream, or give a BroadcastProcessFunction",
                assertThrows(IllegalArgumentException.class, () -> plain.process(new Checker(false))).getMessage());
        assertEquals("ConnectedStreams.parallelism: only keyed connected streams set their parallelism; these run with the parallelism of"
                + " input 1", assertThrows(IllegalStateException.class, () -> plain.parallelism(2)).getMessage());
        assertEquals("DataStream.broadcast: two broadcast state descriptors are named 'rules'", assertThrows(IllegalArgumentException.class,
                () -> events.broadcast(RULES, new MapStateDescriptor<>("rules", String.class, Long.class))).getMessage());
    }
}
