package dev.weir.api;

import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.operator.Collector;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.source.PublisherPosition;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.state.StateBackendFactory;
import dev.weir.time.WatermarkStrategy;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * An embedding application with two inputs, run until it is done or killed and started again with the same command:
 * orders from two files ({@code orders-east.csv}, {@code orders-west.csv}, unioned) interval-joined by account with
 * executions ({@code executions.csv}) at parallelism 3, each an {@code id,account,time} line after a header, read
 * with bounded out-of-orderness watermarks and fed through one publisher each with each line's end as its offset,
 * checkpointed every 50 ms with {@link StreamPipeline#resumeOrStart} on the given state backend. One thread feeds
 * the three publishers a line of each in turn. On a restart each file is read from its restored offset, and each
 * join instance's results file is cut back to what it held at the restored checkpoint's barrier
 * ({@code results-<instance>.commits} records that length at every barrier, before the checkpoint can complete).
 * Prints {@code resumed from checkpoint N at <east>; <west>; <executions>} when it starts and
 * {@code checkpoint N completed} as checkpoints complete. Keyed state is on the heap unless
 * {@code --backend-factory <class>} names a {@link StateBackendFactory}. Used by the recovery checks
 * ({@link KilledJoinRecoveryCheck}) in a child JVM that the check kills with SIGKILL.
 */
public final class OrderExecutionService {
    /** The input files, in the order of the publishers. */
    static final List<String> INPUTS = List.of("orders-east.csv", "orders-west.csv", "executions.csv");
    /** How far records of one file are out of order at most, ms. */
    static final long OUT_OF_ORDERNESS = 20;
    /** The join's bounds around an order's time, ms. */
    static final long LOWER = -4;
    static final long UPPER = 6;
    /** The join's instances. */
    static final int PARALLELISM = 3;
    /** The option naming the state backend's factory class. */
    static final String BACKEND_FACTORY = "--backend-factory";

    private OrderExecutionService() {
    }

    /** An order or an execution: its id, account and event time. */
    record Event(String id, int account, long time) {
        static Event parse(final String line) {
            final String[] fields = line.split(",");
            return new Event(fields[0], Integer.parseInt(fields[1]), Long.parseLong(fields[2]));
        }
    }

    /** An order and an execution of its account within the bounds, as a result line. */
    static final class Match implements ProcessJoinFunction<Event, Event, String> {
        @Override
        public void processElement(final Event order, final Event execution, final Context ctx, final Collector<String> out) {
            out.collect(order.id() + "," + execution.id() + "," + order.account() + "," + ctx.timestamp());
        }
    }

    /**
     * @param args the input directory, the checkpoint directory, the output directory, lines a second over all inputs
     *     (0: as fast as it goes), then optionally {@code --backend-factory <class>}
     * @throws Exception if the run fails
     */
    public static void main(final String[] args) throws Exception {
        run(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]), Long.parseLong(args[3]),
                backend(List.of(args).subList(4, args.length)));
        System.out.println("done");
        System.out.flush();
    }

    /**
     * @param options none for the heap backend, or {@code --backend-factory <class>}: a {@link StateBackendFactory}
     *     with a public no-argument constructor
     * @return the backend the options name
     * @throws ReflectiveOperationException if the factory class cannot be loaded or created
     */
    static StateBackend backend(final List<String> options) throws ReflectiveOperationException {
        if (options.isEmpty()) {
            return HeapStateBackend.INSTANCE;
        }
        if (options.size() != 2 || !options.get(0).equals(BACKEND_FACTORY)) {
            throw new IllegalArgumentException("expected no backend option or " + BACKEND_FACTORY + " <class>, got " + options);
        }
        final Class<?> type = Class.forName(options.get(1));
        if (!StateBackendFactory.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(BACKEND_FACTORY + " " + type.getName() + ": not a " + StateBackendFactory.class.getName());
        }
        return ((StateBackendFactory) type.getConstructor().newInstance()).createBackend();
    }

    /**
     * Runs the service to the end of its inputs, resuming from the latest complete checkpoint if there is one.
     *
     * @param inputs the directory of the three input files
     * @param checkpoints the checkpoint directory
     * @param output where the results files go
     * @param linesPerSecond the publishing rate over all inputs, 0 for none
     * @param backend the keyed state backend
     * @throws Exception if the run fails
     */
    static void run(final Path inputs, final Path checkpoints, final Path output, final long linesPerSecond, final StateBackend backend)
            throws Exception {
        Files.createDirectories(output);
        // the checkpoint resumeOrStart restores, read before any result is written: the results files go back to it
        final long resumedFrom = new CheckpointDirectory(checkpoints).latestCompleteId();
        final StreamPipeline pipeline = StreamPipeline.named("order-executions").stateBackend(backend)
                .resumeOrStart(checkpoints, Duration.ofMillis(50));
        final List<Publisher<Event>> publishers = new ArrayList<>();
        final List<DataStream<Event>> streams = new ArrayList<>();
        for (final String input : INPUTS) {
            final Publisher<Event> publisher = pipeline.publisher(input.substring(0, input.indexOf('.')));
            publishers.add(publisher);
            streams.add(pipeline.from(publisher, WatermarkStrategy.<Event>forBoundedOutOfOrderness(OUT_OF_ORDERNESS)
                    .withTimestampAssigner((event, ts) -> event.time())));
        }
        streams.get(0).union(streams.get(1)).keyBy(Event::account)
                .intervalJoin(streams.get(2).keyBy(Event::account)).between(Duration.ofMillis(LOWER), Duration.ofMillis(UPPER))
                .parallelism(PARALLELISM)
                .process(new Match())
                .sink(new CommittedResultFiles<String>(output, resumedFrom, (match, timestamp, line) -> line.append(match).append('\n')));
        try (RunningPipeline running = pipeline.start()) {
            final List<PublisherPosition> from = new ArrayList<>();
            for (final Publisher<Event> publisher : publishers) {
                from.add(pipeline.restoredPosition(publisher));
            }
            System.out.println("resumed from checkpoint " + running.completedCheckpointId() + " at " + from.get(0) + "; "
                    + from.get(1) + "; " + from.get(2));
            System.out.flush();
            publish(inputs, from, publishers, linesPerSecond);
            running.awaitTermination();
        }
    }

    /** Publishes every line after each file's restored offset, a line of each file in turn, each with the byte offset after it. */
    private static void publish(final Path inputs, final List<PublisherPosition> from, final List<Publisher<Event>> publishers,
            final long linesPerSecond) throws IOException {
        final List<LineReader> readers = new ArrayList<>();
        try {
            for (int i = 0; i < INPUTS.size(); i++) {
                readers.add(new LineReader(inputs.resolve(INPUTS.get(i)), from.get(i)));
            }
            final long start = System.nanoTime();
            long published = 0;
            boolean any = true;
            while (any) {
                any = false;
                for (int i = 0; i < readers.size(); i++) {
                    final LineReader reader = readers.get(i);
                    if (reader.ended) {
                        continue;
                    }
                    final String line = reader.next();
                    if (line == null) {
                        publishers.get(i).end();
                        continue;
                    }
                    any = true;
                    publishers.get(i).publishWithOffset(Event.parse(line), reader.offset);
                    published++;
                    if (linesPerSecond > 0) {
                        pace(start, published, linesPerSecond);
                    }
                }
            }
        } finally {
            for (final LineReader reader : readers) {
                reader.in.close();
            }
        }
    }

    /** One input file from a restored offset (past the header at the start): its lines and the offset after each. */
    private static final class LineReader {
        private final InputStream in;
        private final StringBuilder line = new StringBuilder();
        private long offset;
        private boolean ended;

        LineReader(final Path file, final PublisherPosition from) throws IOException {
            final FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
            this.offset = from.hasOffset() ? from.offset() : 0;
            channel.position(offset);
            this.in = new BufferedInputStream(Channels.newInputStream(channel), 1 << 16);
            if (offset == 0) {
                next(); // the header
            }
        }

        /** @return the next line, or null at the end of the file (then {@link #ended}) */
        String next() throws IOException {
            line.setLength(0);
            for (int c = in.read(); c >= 0; c = in.read()) {
                offset++;
                if (c == '\n') {
                    return line.toString();
                }
                line.append((char) c);
            }
            ended = true;
            return null;
        }
    }

    /** Waits until {@code published} lines are due at the rate; the next publish injects a checkpoint's barrier that fell due meanwhile. */
    private static void pace(final long startNanos, final long published, final long linesPerSecond) {
        final long due = startNanos + published * TimeUnit.SECONDS.toNanos(1) / linesPerSecond;
        while (System.nanoTime() < due) {
            LockSupport.parkNanos(due - System.nanoTime());
        }
    }
}
