package dev.weir.jobs.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Lines of parallel window instances come out watermark by watermark, as on the deterministic
 * driver: an epoch (the lines up to an instance's next watermark) goes out once every
 * instance passed it, instance by instance; an instance that ended no longer holds others back.
 */
final class OrderedLinesTest {
    private final ExecutorService instance0 = Executors.newSingleThreadExecutor();
    private final ExecutorService instance1 = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        instance0.shutdownNow();
        instance1.shutdownNow();
    }

    private static void on(final ExecutorService thread, final Runnable step) throws InterruptedException, ExecutionException, TimeoutException {
        thread.submit(step).get(10, TimeUnit.SECONDS);
    }

    @Test
    void anEpochGoesOutOnceEveryInstancePassedItInInstanceOrder() throws Exception {
        final List<String> out = new ArrayList<>();
        final OrderedLines lines = new OrderedLines(2, out::add);
        on(instance0, () -> lines.bind(0));
        on(instance1, () -> lines.bind(1));
        on(instance1, () -> lines.line("late from 1 before the first watermark"));
        on(instance0, () -> {
            lines.line("fire from 0 at the first watermark");
            lines.watermark();
        });
        assertEquals(List.of(), out, "instance 1 has not passed the first watermark yet");
        on(instance1, () -> {
            lines.line("fire from 1 at the first watermark");
            lines.watermark();
        });
        assertEquals(List.of("fire from 0 at the first watermark", "late from 1 before the first watermark",
                "fire from 1 at the first watermark"), out);
        on(instance1, () -> {
            lines.line("fire from 1 at the second watermark");
            lines.watermark();
        });
        assertEquals(3, out.size(), "instance 0 holds the second epoch back");
        on(instance0, lines::finished);
        assertEquals("fire from 1 at the second watermark", out.get(3), "an ended instance holds nothing back");
        on(instance1, () -> lines.line("after the last watermark"));
        lines.flush();
        assertEquals("after the last watermark", out.get(4));
        assertEquals(5, out.size());
    }

    @Test
    void aLineFromAnUnboundThreadIsABug() {
        final OrderedLines lines = new OrderedLines(1, line -> { });
        assertThrows(IllegalStateException.class, () -> lines.line("who am I"));
    }

    @Test
    void instancesNamedByNumberAndASettledReaderCloseAnEpochForAll() {
        final List<String> out = new ArrayList<>();
        final OrderedLines lines = new OrderedLines(2, out::add);
        lines.line(1, "pair of a record of row 1 on instance 1");
        lines.line(0, "pair of a record of row 2 on instance 0");
        assertEquals(List.of(), out, "no instance has passed a watermark");
        lines.settled();
        assertEquals(List.of("pair of a record of row 2 on instance 0", "pair of a record of row 1 on instance 1"), out,
                "after a settled row the epoch goes out instance by instance");
        lines.line(1, "late record of row 3 on instance 1");
        lines.settled();
        lines.line(0, "pair of row 4 on instance 0");
        lines.watermark(0);
        lines.line(1, "pair of row 4 on instance 1");
        lines.watermark(1);
        assertEquals(List.of("pair of a record of row 2 on instance 0", "pair of a record of row 1 on instance 1",
                "late record of row 3 on instance 1", "pair of row 4 on instance 0", "pair of row 4 on instance 1"), out);
        lines.line(1, "held until instance 0 passes");
        lines.finished(1);
        assertEquals(5, out.size(), "instance 0 has not passed the epoch");
        lines.watermark(0);
        assertEquals("held until instance 0 passes", out.get(5), "an instance that finished holds nothing back");
    }
}
