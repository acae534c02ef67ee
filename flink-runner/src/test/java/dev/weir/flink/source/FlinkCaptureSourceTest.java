package dev.weir.flink.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.flink.PipelineSink;
import dev.weir.flink.SavepointRestart;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SinkBoard;
import dev.weir.pipelines.replay.CaptureFiles;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.telemetry.StatsdDecoder;
import dev.weir.pipelines.trades.ItchTradeDecoder;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capture files on Flink give the events, in order and with their event times, that Weir's
 * replay reads from them, for each decoder; the events emitted are checkpointed.
 */
class FlinkCaptureSourceTest {
    @TempDir
    Path dir;

    @Test
    void theEventsAreThoseOfWeirsReplayForEachDecoder() throws Exception {
        assertSameEvents(List.of(fixture("statsd-small.pcap")), (CaptureDecoders<Object>) context -> cast(new StatsdDecoder(context)));
        assertSameEvents(List.of(fixture("itch-small.pcap")), (CaptureDecoders<Object>) context -> cast(new ItchTradeDecoder(context)));
        // two files are one sequence: the decoder's state (the order book) goes on from the first into the second
        assertSameEvents(List.of(fixture("itch-small.pcap"), fixture("itch-small.pcapng")),
                (CaptureDecoders<Object>) context -> cast(new ItchTradeDecoder(context)));
    }

    @Test
    void theEventsEmittedAreCheckpointed() throws Exception {
        // the statsd capture forty times over: more than Flink's buffers hold, so the first run stops mid-way
        final List<Path> files = Collections.nCopies(40, fixture("statsd-small.pcap"));
        final List<String> all = onWeir(files, context -> cast(new StatsdDecoder(context)));
        final CaptureDecoders<String> texts = context -> new Texts(new StatsdDecoder(context));
        final List<List<String>> runs = SavepointRestart.run(FlinkCaptureSource.of(files, texts), 1, dir.resolve("savepoints"));
        final List<String> both = new ArrayList<>(runs.get(0));
        both.addAll(runs.get(1));
        assertEquals(all.stream().map(event -> event.substring(0, event.lastIndexOf('@'))).toList(), both);
        assertTrue(runs.get(0).size() < all.size() / 2, "stopped mid-way: " + runs.get(0).size() + " of " + all.size());
    }

    @Test
    void theSplitSurvivesItsSerializer() throws Exception {
        final CaptureSplitSerializer serializer = new CaptureSplitSerializer();
        for (final long emitted : new long[] {0, 1, 123_456_789_012L, Long.MAX_VALUE}) {
            final CaptureSplit split = new CaptureSplit(emitted);
            assertEquals(split, serializer.deserialize(serializer.getVersion(), serializer.serialize(split)));
        }
        final SplitListSerializer<CaptureSplit> pending = new SplitListSerializer<>(serializer);
        assertEquals(List.of(new CaptureSplit(0)), pending.deserialize(pending.getVersion(), pending.serialize(List.of(new CaptureSplit(0)))));
        assertEquals("capture split version 2 of 8 bytes is not version 1 of 8", assertThrows(IOException.class,
                () -> serializer.deserialize(2, serializer.serialize(new CaptureSplit(5)))).getMessage());
    }

    private static Path fixture(final String name) throws Exception {
        return Path.of(FlinkCaptureSourceTest.class.getResource("/replay/" + name).toURI());
    }

    @SuppressWarnings("unchecked")
    private static PayloadDecoder<Object> cast(final PayloadDecoder<?> decoder) {
        return (PayloadDecoder<Object>) decoder;
    }

    private static void assertSameEvents(final List<Path> files, final CaptureDecoders<Object> decoders) throws Exception {
        final List<String> weir = onWeir(files, decoders);
        assertTrue(weir.size() > 10, weir.size() + " events");
        assertEquals(weir, onFlink(files, decoders));
    }

    /** @return {@code event@time} of every event Weir's replay reader decodes, in order */
    private static List<String> onWeir(final List<Path> files, final CaptureDecoders<Object> decoders) throws Exception {
        final List<String> events = new ArrayList<>();
        final ReplayContext context = new ReplayContext(line -> { }, 1 << 16);
        CaptureFiles.readAll(files, decoders.create(context), context.warnings(), (event, time) -> events.add(event + "@" + time));
        return events;
    }

    /** @return {@code event@time} of every event the Flink source emits, in order: a pooled event becomes text in a chained map */
    private static List<String> onFlink(final List<Path> files, final CaptureDecoders<Object> decoders) throws Exception {
        final List<String> events = Collections.synchronizedList(new ArrayList<>());
        final String sink = SinkBoard.register((value, timestamp) -> events.add(value + "@" + timestamp));
        try {
            final URI cluster = SharedMiniCluster.rest();
            final StreamExecutionEnvironment env = StreamExecutionEnvironment.createRemoteEnvironment(cluster.getHost(), cluster.getPort());
            env.setParallelism(1);
            env.getConfig().enableObjectReuse();
            env.fromSource(FlinkCaptureSource.of(files, decoders), WatermarkStrategy.noWatermarks(), "capture", TypeInformation.of(Object.class))
                    .map(new Text()).sinkTo(new PipelineSink(sink));
            env.execute("capture");
        } finally {
            SinkBoard.remove(sink);
        }
        return events;
    }

    /** An event as its text. */
    private static final class Text implements MapFunction<Object, Object> {
        private static final long serialVersionUID = 1L;

        @Override
        public Object map(final Object event) {
            return event.toString();
        }
    }

    /** A decoder whose events are the text of another's, so that they can travel and wait anywhere. */
    private static final class Texts implements PayloadDecoder<String> {
        private final PayloadDecoder<?> decoder;

        Texts(final PayloadDecoder<?> decoder) {
            this.decoder = decoder;
        }

        @Override
        public void decode(final dev.weir.pipelines.replay.Payload datagram,
                final dev.weir.pipelines.replay.DecodedEvents<String> events) {
            cast(decoder).decode(datagram, (event, time) -> events.emit(event.toString(), time));
        }
    }
}
