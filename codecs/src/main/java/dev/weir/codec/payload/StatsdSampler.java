package dev.weir.codec.payload;

import dev.weir.codec.statsd.MalformedLineListener;
import dev.weir.codec.statsd.StatsdParser;
import org.agrona.DirectBuffer;

/**
 * The evidence for StatsD: it matches when all the sampled payloads are printable text and at least 90% of their
 * lines (at least one) have the {@code name:value|type} form. Not thread-safe.
 */
public final class StatsdSampler implements PayloadSampler {
    private final StatsdParser parser = new StatsdParser();
    private final MalformedLineListener badLine = (lineOffset, reason) -> this.badLines++;
    private int payloads;
    private int printable;
    private long goodLines;
    private long badLines;

    @Override
    public void add(final DirectBuffer buffer, final int offset, final int length) {
        payloads++;
        if (PrintableText.isText(buffer, offset, length)) {
            printable++;
            goodLines += parser.parse(buffer, offset, length, metric -> { }, badLine);
        }
    }

    @Override
    public boolean matches() {
        return printable == payloads && goodLines > 0 && PayloadSample.atLeastNinetyPercent(goodLines, goodLines + badLines);
    }

    @Override
    public String evidence() {
        return "all " + payloads + " sampled payloads are printable text and " + goodLines + " of their " + (goodLines + badLines)
                + " lines have the StatsD form name:value|type";
    }

    @Override
    public String shortfall() {
        return printable + " are printable text (" + goodLines + " of " + (goodLines + badLines) + " lines StatsD)";
    }

    @Override
    public String messageFiles(final int files) {
        return null;
    }
}
