package dev.weir.api;

import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.source.PublisherPosition;
import dev.weir.state.AggregateFunction;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * An embedding application that runs until it is done or killed and is started again with the
 * same command: per-symbol 1 s VWAP windows over a file of trades ({@code symbol,time,price,quantity}
 * lines after a header), fed through a publisher with each line's end as its offset, checkpointed
 * with {@link StreamPipeline#resumeOrStart}. On a restart it reads the file from the restored
 * offset, and each window instance's results file is cut back to what it held at the restored
 * checkpoint's barrier ({@code results-<instance>.commits} records that length at every barrier,
 * before the checkpoint can complete), so its output is exactly-once too. Prints
 * {@code resumed from checkpoint N at <position>} when it starts and
 * {@code checkpoint N completed} as checkpoints complete. Used by KilledPublisherRecoveryTest in a
 * child JVM that the test kills with SIGKILL.
 */
public final class VwapService {
    private VwapService() {
    }

    /** A trade; prices in ticks. */
    record Trade(String symbol, long time, long price, long quantity) {
        static Trade parse(final String line) {
            final String[] fields = line.split(",");
            return new Trade(fields[0], Long.parseLong(fields[1]), Long.parseLong(fields[2]), Long.parseLong(fields[3]));
        }
    }

    /** A window's trades: count, volume and notional (price times quantity); mutable, no garbage per trade. */
    static final class Vwap {
        String symbol;
        long trades;
        long volume;
        long notional;
    }

    static final class VwapOf implements AggregateFunction<Trade, Vwap, Vwap> {
        @Override
        public Vwap createAccumulator() {
            return new Vwap();
        }

        @Override
        public Vwap add(final Trade trade, final Vwap vwap) {
            vwap.symbol = trade.symbol();
            vwap.trades++;
            vwap.volume += trade.quantity();
            vwap.notional += trade.price() * trade.quantity();
            return vwap;
        }

        @Override
        public Vwap getResult(final Vwap vwap) {
            return vwap;
        }

        @Override
        public Vwap merge(final Vwap a, final Vwap b) {
            throw new UnsupportedOperationException("tumbling windows do not merge");
        }
    }

    /**
     * @param args the trades file, the checkpoint directory, the output directory, and trades a
     *     second (0: as fast as it goes)
     * @throws Exception if the run fails
     */
    public static void main(final String[] args) throws Exception {
        run(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]), Long.parseLong(args[3]));
        System.out.println("done");
        System.out.flush();
    }

    /**
     * Runs the service to the end of its input, resuming from the latest complete checkpoint if there is one.
     *
     * @param input the trades file
     * @param checkpoints the checkpoint directory
     * @param output where the results files go
     * @param tradesPerSecond the publishing rate, 0 for none
     * @throws Exception if the run fails
     */
    static void run(final Path input, final Path checkpoints, final Path output, final long tradesPerSecond) throws Exception {
        Files.createDirectories(output);
        // the checkpoint resumeOrStart restores, read before any result is written: the results files go back to it
        final long resumedFrom = new CheckpointDirectory(checkpoints).latestCompleteId();
        final StreamPipeline pipeline = StreamPipeline.named("vwap").resumeOrStart(checkpoints, Duration.ofMillis(50));
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .parallelism(2)
                .window(TumblingEventTimeWindows.of(1_000))
                .aggregate(new VwapOf())
                .sink(new CommittedResultFiles<Vwap>(output, resumedFrom, (vwap, windowEnd, line) -> line.append(vwap.symbol).append(',')
                        .append(windowEnd + 1 - 1_000).append(',').append(vwap.trades).append(',').append(vwap.volume).append(',')
                        .append(vwap.notional).append('\n')));
        try (RunningPipeline running = pipeline.start()) {
            final PublisherPosition from = pipeline.restoredPosition(trades);
            System.out.println("resumed from checkpoint " + running.completedCheckpointId() + " at " + from);
            System.out.flush();
            publish(input, from, trades, tradesPerSecond);
            trades.end();
            running.awaitTermination();
        }
    }

    /** Publishes every trade after {@code from}, each with the byte offset after its line. */
    private static void publish(final Path input, final PublisherPosition from, final Publisher<Trade> trades,
            final long tradesPerSecond) throws IOException {
        try (FileChannel file = FileChannel.open(input, StandardOpenOption.READ)) {
            long offset = from.hasOffset() ? from.offset() : 0;
            file.position(offset);
            final InputStream in = new BufferedInputStream(Channels.newInputStream(file), 1 << 16);
            final StringBuilder line = new StringBuilder();
            final long start = System.nanoTime();
            long published = 0;
            boolean header = offset == 0;
            for (int c = in.read(); c >= 0; c = in.read()) {
                offset++;
                if (c != '\n') {
                    line.append((char) c);
                    continue;
                }
                if (header) {
                    header = false;
                } else {
                    trades.publishWithOffset(Trade.parse(line.toString()), offset);
                    published++;
                    if (tradesPerSecond > 0) {
                        pace(start, published, tradesPerSecond);
                    }
                }
                line.setLength(0);
            }
        }
    }

    /** Waits until {@code published} trades are due at the rate; the next publish injects a checkpoint's barrier that fell due meanwhile. */
    private static void pace(final long startNanos, final long published, final long tradesPerSecond) {
        final long due = startNanos + published * TimeUnit.SECONDS.toNanos(1) / tradesPerSecond;
        while (System.nanoTime() < due) {
            LockSupport.parkNanos(due - System.nanoTime());
        }
    }
}
