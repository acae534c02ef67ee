package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.nexmark.Event;
import dev.weir.nexmark.GeneratorConfig;
import dev.weir.nexmark.NexmarkGenerator;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/** Runs a query on the deterministic scheduler, and walks the same events in a plain loop for the expected side. */
final class QueryRun {
    /** The events of the tests: the generator's default configuration, 100,000 events over 10 s of event time. */
    static final GeneratorConfig CONFIG = GeneratorConfig.defaults();
    /** The same 100,000 events over 100 s of event time (1,000 a second): ten 10 s windows. */
    static final GeneratorConfig SLOW = GeneratorConfig.defaults().withFirstEventRate(1_000);
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private QueryRun() {
    }

    /** @return the rows a query prints on the configuration's events, in the order the sink got them */
    static List<String> rows(final Function<DataStream<EventRecord>, DataStream<String>> query) {
        return rows(CONFIG, 1, query);
    }

    static List<String> rows(final GeneratorConfig config, final int parallelism,
            final Function<DataStream<EventRecord>, DataStream<String>> query) {
        final List<String> rows = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("nexmark");
        query.apply(NexmarkStreams.events(pipeline, config, parallelism)).sink((row, timestamp) -> rows.add(row));
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
        }
        return rows;
    }

    /** Hands every event of the configuration, in generation order, to {@code each} (the pooled event: copy to keep). */
    static void forEachEvent(final Consumer<Event> each) {
        forEachEvent(CONFIG, each);
    }

    /** Hands every event of {@code config}, generator after generator, to {@code each} (the pooled event: copy to keep). */
    static void forEachEvent(final GeneratorConfig config, final Consumer<Event> each) {
        final Event event = new Event();
        for (int split = 0; split < config.generators(); split++) {
            final NexmarkGenerator generator = new NexmarkGenerator(config, split);
            while (generator.next(event)) {
                each.accept(event);
            }
        }
    }

    /** @return a TIMESTAMP(3)'s text */
    static String timestamp(final long epochMillis) {
        return TIMESTAMP.format(Instant.ofEpochMilli(epochMillis));
    }

    /** @return a CSV text field */
    static String text(final CharSequence text) {
        final String s = text.toString();
        return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
