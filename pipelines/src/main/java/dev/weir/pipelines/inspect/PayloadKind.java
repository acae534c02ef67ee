package dev.weir.pipelines.inspect;

import java.util.Locale;

/** The payload formats an inspection tells apart and decodes. */
public enum PayloadKind {
    /** MoldUDP64 packets carrying NASDAQ TotalView-ITCH 5.0 messages (docs/market-data.md). */
    ITCH("MoldUDP64/ITCH 5.0"),
    /** StatsD lines {@code name:value|type} (docs/statsd.md). */
    STATSD("StatsD"),
    /** Neither: the payloads are counted, not decoded. */
    UNKNOWN("unknown");

    private final String title;

    PayloadKind(final String title) {
        this.title = title;
    }

    /** @return the format's name for people, e.g. {@code MoldUDP64/ITCH 5.0} */
    public String title() {
        return title;
    }

    /** @return the name {@code --decoder} takes: {@code itch}, {@code statsd} or {@code unknown} */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
