package dev.weir.jobs.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Puts the lines that parallel window instances print, each on its own thread, into the order
 * the deterministic scheduler prints them: watermark by watermark. Every instance sees the same
 * watermarks, so its lines fall into epochs (the lines before its first watermark, then those
 * up to its second, ...); an epoch goes out once every instance has passed it, instance by
 * instance. With one instance lines simply go out in order. An instance is known by its thread:
 * {@link #bind} is called on it before it prints anything. Thread-safe.
 */
final class OrderedLines implements InstanceLines {
    private final Consumer<String> out;
    private final List<List<List<String>>> epochs = new ArrayList<>();
    private final int[] currentEpoch;
    private final boolean[] finished;
    private final Map<Thread, Integer> instanceOfThread = new HashMap<>();
    private int nextEpochOut;

    /**
     * @param instances the number of window instances
     * @param out receives the lines in order, under this object's lock
     */
    OrderedLines(final int instances, final Consumer<String> out) {
        this.out = out;
        this.currentEpoch = new int[instances];
        this.finished = new boolean[instances];
        for (int i = 0; i < instances; i++) {
            epochs.add(new ArrayList<>());
        }
    }

    @Override
    public synchronized void bind(final int instance) {
        instanceOfThread.put(Thread.currentThread(), instance);
    }

    @Override
    public synchronized void line(final String line) {
        line(instance(), line);
    }

    @Override
    public synchronized void watermark() {
        watermark(instance());
    }

    @Override
    public synchronized void finished() {
        finished(instance());
    }

    @Override
    public synchronized void line(final int instance, final String line) {
        epoch(instance, currentEpoch[instance]).add(line);
    }

    @Override
    public synchronized void watermark(final int instance) {
        currentEpoch[instance]++;
        release();
    }

    @Override
    public synchronized void finished(final int instance) {
        finished[instance] = true;
        release();
    }

    @Override
    public synchronized void settled() {
        for (int i = 0; i < currentEpoch.length; i++) {
            currentEpoch[i]++;
        }
        release();
    }

    /** Prints every line still held, epoch by epoch; call once the instances are done. */
    @Override
    public synchronized void flush() {
        int last = 0;
        for (final List<List<String>> instance : epochs) {
            last = Math.max(last, instance.size());
        }
        emitBefore(last);
    }

    private int instance() {
        final Integer instance = instanceOfThread.get(Thread.currentThread());
        if (instance == null) {
            throw new IllegalStateException("a scenario line came from an unbound thread: " + Thread.currentThread().getName());
        }
        return instance;
    }

    private List<String> epoch(final int instance, final int epoch) {
        final List<List<String>> own = epochs.get(instance);
        while (own.size() <= epoch) {
            own.add(new ArrayList<>());
        }
        return own.get(epoch);
    }

    private void release() {
        int passed = Integer.MAX_VALUE;
        for (int i = 0; i < currentEpoch.length; i++) {
            if (!finished[i]) {
                passed = Math.min(passed, currentEpoch[i]);
            }
        }
        if (passed == Integer.MAX_VALUE) {
            flush();
        } else {
            emitBefore(passed);
        }
    }

    private void emitBefore(final int epochLimit) {
        for (; nextEpochOut < epochLimit; nextEpochOut++) {
            for (final List<List<String>> instance : epochs) {
                if (nextEpochOut < instance.size()) {
                    final List<String> lines = instance.get(nextEpochOut);
                    for (final String line : lines) {
                        out.accept(line);
                    }
                    lines.clear();
                }
            }
        }
    }
}
