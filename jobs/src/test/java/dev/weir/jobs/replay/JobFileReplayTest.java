package dev.weir.jobs.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.jobs.file.JobFileException;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.trades.ItchProtocol;
import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A job file a capture replay cannot run is refused naming the file and the section, as {@code FILE: field 'F': what}. */
class JobFileReplayTest {
    private static final String WINDOW = "window:\n  type: tumbling\n  size: 60000\n";
    private static final String BOUNDED = "watermarks:\n  strategy: bounded-out-of-orderness\n  maxOutOfOrderness: 0\n";

    private static JobSpec job(final String yaml) {
        return JobFileParser.parse("job.yaml", new StringReader(yaml));
    }

    @Test
    void aJobWithOneChannelAWindowAndEventTimeWatermarksIsTaken() {
        assertEquals("job", new JobFileReplay<>("job.yaml", job(BOUNDED + WINDOW), new ItchProtocol()).name());
        assertEquals("job", new JobFileReplay<>("job.yaml", job("watermarks:\n  strategy: monotonous\n" + WINDOW), new ItchProtocol()).name());
    }

    @Test
    void theProgressWatermarkTrailsByTheJobsOwnBound() {
        final ReplayOptions options = ReplayOptions.of(java.util.List.of(java.nio.file.Path.of("feed.pcap"))).withOutOfOrderness(1_000);
        final String bounded = "watermarks:\n  strategy: bounded-out-of-orderness\n  maxOutOfOrderness: 250\n";
        assertEquals(250, new JobFileReplay<>("job.yaml", job(bounded + WINDOW), new ItchProtocol()).outOfOrdernessMillis(options));
        assertEquals(0, new JobFileReplay<>("job.yaml", job("watermarks:\n  strategy: monotonous\n" + WINDOW), new ItchProtocol())
                .outOfOrdernessMillis(options));
    }

    @Test
    void aJobWithoutAWindowIsRefused() {
        final JobFileException e = assertThrows(JobFileException.class, () -> new JobFileReplay<>("job.yaml", job(BOUNDED), new ItchProtocol()));
        assertEquals("job.yaml: field 'window': is required by 'weir replay --job' (it prints window results)", e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"2", "3"})
    void aJobOfSeveralChannelsIsRefused(final int channels) {
        final JobFileException e = assertThrows(JobFileException.class,
                () -> new JobFileReplay<>("job.yaml", job("channels: " + channels + "\n" + BOUNDED + WINDOW), new ItchProtocol()));
        assertEquals("job.yaml: field 'channels': a capture replay is one stream: channels must be 1, got " + channels, e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"explicit", "none"})
    void watermarksNotFromEventTimesAreRefused(final String strategy) {
        final JobFileException e = assertThrows(JobFileException.class,
                () -> new JobFileReplay<>("job.yaml", job("watermarks:\n  strategy: " + strategy + "\n" + WINDOW), new ItchProtocol()));
        assertEquals("job.yaml: field 'watermarks.strategy': a capture replay takes watermarks from the events' times:"
                + " bounded-out-of-orderness or monotonous, got " + strategy, e.getMessage());
    }
}
