package dev.weir.pipelines.trades;

import dev.weir.codec.payload.ItchPayloads;
import dev.weir.codec.payload.ItchSampler;
import dev.weir.codec.payload.LatenessHistogram;
import dev.weir.codec.payload.PayloadAnalysis;
import dev.weir.codec.payload.PayloadSampler;
import dev.weir.pipelines.replay.CaptureProtocol;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.record.ScenarioRecord;

/**
 * The {@code itch} protocol: MoldUDP64 packets (or files of length-prefixed messages) carrying NASDAQ TotalView-ITCH
 * 5.0 messages (docs/market-data.md). Recognised and inspected as {@link ItchSampler} and {@link ItchPayloads} say,
 * decoded into trades by {@link ItchTradeDecoder}, and its trades as job-file records
 * ({@code weir replay --job JOB.yaml --decoder itch}): key = the symbol (trimmed), timestamp = the trade's event time
 * (ms since midnight), value = the shares traded. Stateless; thread-safe.
 */
public final class ItchProtocol implements CaptureProtocol<TradePrint> {
    @Override
    public String name() {
        return "itch";
    }

    @Override
    public String title() {
        return "MoldUDP64/ITCH 5.0";
    }

    @Override
    public String eventTimes() {
        return "ITCH timestamps, ms since midnight";
    }

    @Override
    public int order() {
        return 10;
    }

    @Override
    public PayloadSampler sampler() {
        return new ItchSampler();
    }

    @Override
    public PayloadAnalysis analysis(final LatenessHistogram lateness) {
        return new ItchPayloads(lateness);
    }

    @Override
    public PayloadDecoder<TradePrint> decoder(final ReplayContext context) {
        return new ItchTradeDecoder(context);
    }

    @Override
    public ScenarioRecord record(final TradePrint trade, final long eventTimeMillis) {
        return new ScenarioRecord(trade.symbol().text(), eventTimeMillis, trade.shares());
    }
}
