package dev.weir.pipelines.telemetry;

import dev.weir.codec.statsd.MetricType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The 10-second windows of the per-metric pipelines, worked out with a plain loop over the input: samples of the
 * given types grouped by host, metric and window start, less those that arrive when the watermark (largest time
 * so far less {@link JobRun#BOUND} less 1) has passed their window's end; in the order the windows fire (by
 * start, then by each window's first sample).
 */
final class WindowOracle {
    /**
     * One window's samples.
     *
     * @param host the sender
     * @param metric the metric name
     * @param start the window's start
     * @param steps its samples in arrival order
     */
    record Window(String host, String metric, long start, List<JobRun.Step> steps) {
    }

    private WindowOracle() {
    }

    static List<Window> windows(final List<JobRun.Step> steps, final Set<MetricType> types) {
        final Map<String, Window> windows = new LinkedHashMap<>();
        long newest = Long.MIN_VALUE;
        for (final JobRun.Step step : steps) {
            final long start = Math.floorDiv(step.time(), 10_000L) * 10_000L;
            final long watermark = newest == Long.MIN_VALUE ? Long.MIN_VALUE : newest - JobRun.BOUND - 1;
            if (types.contains(step.type()) && start + 9_999 > watermark) {
                windows.computeIfAbsent(step.host() + "," + step.metric() + "," + start,
                        key -> new Window(step.host(), step.metric(), start, new ArrayList<>())).steps().add(step);
            }
            newest = Math.max(newest, step.time());
        }
        final List<Window> fired = new ArrayList<>(windows.values());
        fired.sort(Comparator.comparingLong(Window::start)); // stable: a window's first sample keeps its order
        return fired;
    }
}
