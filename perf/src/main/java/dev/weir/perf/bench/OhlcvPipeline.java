package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.EventFactory;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.trades.OhlcvJob;
import dev.weir.pipelines.trades.OhlcvRow;
import dev.weir.time.WatermarkStrategy;
import java.util.function.ToLongFunction;

/**
 * {@code ohlcv}: the trades of a generated ITCH capture through the {@code ohlcv} reference job of
 * {@code weir replay} ({@link OhlcvJob}: keyBy symbol, 1 s tumbling windows, open, high, low, close, volume and
 * trades per symbol and second), one row per bar; the latency of a bar runs from the intended send time of the trade
 * whose watermark closed it.
 *
 * <p>The input: one NASDAQ TotalView-ITCH 5.0 session generated in memory as {@code weir generate itch} makes it
 * (seed 1, {@value #SYMBOLS} symbols, {@value #MESSAGES} messages at 10,000 messages per second of ITCH time: 100 s of
 * trading, about 150,000 trades, 1,500 a second), decoded once by the job's own decoder (order book, executions) when
 * the input is first made, and kept. Events are those trades in order; a run that needs more starts over, shifted by
 * whole seconds. So what is measured is the job's pipeline from decoded trades to bars, fed by the harness at its
 * rates: not the capture reading and decoding that {@code perf/run replay} measures. {@code --keys} and the event-time
 * pace do not apply; the watermarks are the replay's, bounded out-of-orderness of 1 s, periodic at the settings'
 * interval.
 *
 * <p>How the job is fed: a replay job starts at its decoder, but its operators ({@link OhlcvJob#results}) take any
 * stream of {@code TradePrint}s, so {@link #applyTo} maps the publisher-fed stream of {@link ReplayedTrade}s to their
 * trades (a fused map, no hop) and hands it to them, with the keyed stage at the settings' parallelism.
 *
 * <p>Weir only: the reference job's functions, and this pipeline's timestamp assigner beside them, are lambdas that
 * cannot be shipped to Flink's tasks, and its events are not {@link BenchEvent}s, all that the Flink engine's handoff
 * copies; so {@code weir bench ohlcv --compare flink} is refused by the Flink engine ({@link PipelineRefusedException},
 * one line naming the first function that cannot be shipped) before anything runs. Stateless and thread-safe;
 * the decoded capture (about 150,000 trades, 6 MB) is made once per instance, on first use, in about half a second.
 */
public final class OhlcvPipeline implements NamedPipeline<ReplayedTrade> {
    /** The pipeline's name on the command line. */
    public static final String NAME = "ohlcv";

    /** Symbols in the generated capture. */
    static final int SYMBOLS = 500;
    /** ITCH messages in the generated capture. */
    static final long MESSAGES = 1_000_000;

    private static final ToLongFunction<ReplayedTrade> INTENDED_NANOS = ReplayedTrade::intendedNanos;

    private final ItchTrafficOptions capture;
    private volatile DecodedTrades decoded;

    /** The pipeline over the default capture. */
    public OhlcvPipeline() {
        this(ItchTrafficOptions.of(SYMBOLS, MESSAGES));
    }

    /** @param capture the session to generate: in send order, without gaps */
    OhlcvPipeline(final ItchTrafficOptions capture) {
        this.capture = capture;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "trades of a generated ITCH capture through weir replay's ohlcv job: 1 s bars per symbol; latency per bar (Weir only)";
    }

    @Override
    public EventFactory<ReplayedTrade> events(final BenchSettings settings, final int poolSize) {
        return new ReplayedTrades(decoded(), poolSize);
    }

    private DecodedTrades decoded() {
        DecodedTrades trades = decoded;
        if (trades == null) {
            synchronized (this) {
                trades = decoded;
                if (trades == null) {
                    trades = DecodedTrades.generate(capture);
                    decoded = trades;
                }
            }
        }
        return trades;
    }

    @Override
    public ToLongFunction<ReplayedTrade> intendedNanos() {
        return INTENDED_NANOS;
    }

    @Override
    public long timestampOf(final ReplayedTrade event) {
        return event.trade().eventTimeMillis();
    }

    @Override
    public WatermarkStrategy<ReplayedTrade> watermarks(final BenchSettings settings) {
        final long bound = ReplayOptions.DEFAULT_OUT_OF_ORDERNESS_MILLIS;
        final WatermarkStrategy<ReplayedTrade> strategy = settings.watermarkIntervalMillis() == 0
                // Weir's interval 0 means no periodic emission: each trade carries the watermark instead (its time is
                // the highest so far, the capture being in order)
                ? WatermarkStrategy.forPunctuation((event, timestamp) -> timestamp - bound - 1)
                : WatermarkStrategy.<ReplayedTrade>forBoundedOutOfOrderness(bound).withPeriodicInterval(settings.watermarkIntervalMillis());
        return strategy.withTimestampAssigner((event, recordTimestamp) -> event.trade().eventTimeMillis());
    }

    @Override
    public boolean windowed() {
        return true;
    }

    /**
     * The job's operators after the source, without the sink: what {@link #applyTo} reports and what the tests compare
     * with the ceiling.
     *
     * @param source the source stream, timestamped and watermarked
     * @param settings the keyed stage's parallelism
     * @return one row per symbol and fired second
     */
    public DataStream<OhlcvRow> results(final DataStream<ReplayedTrade> source, final BenchSettings settings) {
        // the input is in order: no trade is late, and nothing in the job warns
        final ReplayContext context = new ReplayContext(line -> {
            throw new IllegalStateException(line);
        }, 1);
        return new OhlcvJob().results(source.map(ReplayedTrade::trade), context, settings.parallelism());
    }

    @Override
    public void applyTo(final DataStream<ReplayedTrade> source, final BenchSettings settings, final Arrivals arrivals) {
        results(source, settings).sink(new WindowResultSink<>(arrivals, settings.parallelism()));
    }

    @Override
    public PipelineFactory<ReplayedTrade> ceiling(final BenchSettings settings) {
        return arrivals -> new OhlcvCeiling(arrivals, (symbol, windowStart, open, high, low, close, volume, trades) -> { });
    }
}
