package dev.weir.pipelines.generate;

import dev.weir.codec.statsd.MetricType;
import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Generates StatsD traffic from a number of hosts, reproducibly from a seed. Each datagram comes from one host and
 * holds one to five lines {@code name:value|type[|@rate][|#tags]}, separated by newlines: counters {@code c} (one in
 * five sampled, {@code @0.5} or {@code @0.1}), gauges {@code g} (levels, and one in three a signed change such as
 * {@code +3} or {@code -12}), timers {@code ms}, histograms {@code h}, distributions {@code d} and sets {@code s};
 * a quarter of the lines carry tags ({@code #env:prod,region:eu-west-1}). Names start with the host's service
 * ({@code web}, {@code api}, {@code worker}, {@code db}, {@code cache}, by host). A fraction of the lines may be
 * malformed, each in one of the ways the parser names (a missing colon or pipe, an empty name or value or tag, an
 * unknown type, a bad number, a sample rate out of range).
 *
 * <p>Datagrams go out at the given rate of lines on average, from hosts chosen at random among those not silent
 * ({@link HostSilences}: in traffic of a minute or more, some hosts stop for 40 s and come back, some never do),
 * starting on 2026-11-30 at 09:30:00 UTC; the capture time is the send time. Source ports are 40,000 plus the
 * host's number. Not thread-safe; each {@link #generate} call is independent and allocates only per line.
 */
public final class StatsdTrafficGenerator {
    private static final long SECOND = 1_000_000_000L;
    private static final long START = (ItchDay.DAY_EPOCH_SECONDS + 34_200) * SECOND;
    private static final String[] SERVICES = {"web", "api", "worker", "db", "cache"};
    private static final String[] TAGS = {"#env:prod", "#env:prod,region:eu-west-1", "#env:staging", "#region:us-east-1,canary"};
    /** Malformed lines, one of each kind the parser reports; those starting with '.' follow the service's name. */
    private static final String[] MALFORMED = {
        ".requests 1|c", ":5|c", ".requests:5", ".requests:|c", ".requests:5|x", ".latency:fast|ms", ".requests:1|c|@2",
        ".requests:1|c|#env:prod,,canary",
    };

    private final StatsdTrafficOptions options;

    /** @param options what to generate */
    public StatsdTrafficGenerator(final StatsdTrafficOptions options) {
        this.options = options;
    }

    /**
     * Generates the traffic into the sink.
     *
     * @param sink takes the datagrams in send order
     * @return what was sent
     */
    public StatsdTrafficSummary generate(final DatagramSink sink) {
        final SplittableRandom seed = new SplittableRandom(options.seed());
        final SplittableRandom lines = seed.split();
        final SplittableRandom timing = seed.split();
        final long duration = (long) ((double) options.messages() / options.rate() * SECOND);
        final HostSilences silences = new HostSilences(options.hosts(), duration, seed.split());
        final UnsafeBuffer payload = new UnsafeBuffer(new byte[1_400]);
        final StringBuilder text = new StringBuilder(1_400);
        final long[] byType = new long[MetricType.values().length];
        long malformed = 0;
        long datagrams = 0;
        long bytes = 0;
        long now = 0;
        long sent = 0;
        while (sent < options.messages()) {
            final int count = (int) Math.min(1 + lines.nextInt(5), options.messages() - sent);
            now += (long) (-Math.log(1 - timing.nextDouble()) * count * SECOND / options.rate());
            final int host = host(silences, now, timing);
            text.setLength(0);
            for (int i = 0; i < count; i++) {
                if (i > 0) {
                    text.append('\n');
                }
                if (lines.nextDouble() < options.malformed()) {
                    final String bad = MALFORMED[lines.nextInt(MALFORMED.length)];
                    text.append(bad.charAt(0) == '.' ? SERVICES[host % SERVICES.length] : "").append(bad);
                    malformed++;
                } else {
                    byType[line(text, SERVICES[host % SERVICES.length], lines).ordinal()]++;
                }
            }
            for (int i = 0; i < text.length(); i++) {
                payload.putByte(i, (byte) text.charAt(i));
            }
            sink.datagram(START + now, options.firstHost() + host, 40_000 + host, options.destination(), options.port(), payload, 0,
                    text.length());
            datagrams++;
            bytes += text.length();
            sent += count;
        }
        int back = 0;
        int gone = 0;
        for (int host = 0; host < options.hosts(); host++) {
            if (silences.silentFrom(host) != Long.MAX_VALUE) {
                if (silences.silentUntil(host) == Long.MAX_VALUE) {
                    gone++;
                } else {
                    back++;
                }
            }
        }
        return new StatsdTrafficSummary(datagrams, sent, byType, malformed, bytes, back, gone);
    }

    /** A host that sends at that time; the first host always does. */
    private int host(final HostSilences silences, final long now, final SplittableRandom random) {
        for (int attempt = 0; attempt < 8; attempt++) {
            final int host = random.nextInt(options.hosts());
            if (silences.sends(host, now)) {
                return host;
            }
        }
        return 0;
    }

    /** Appends one well-formed line and returns its type. */
    private static MetricType line(final StringBuilder text, final String service, final SplittableRandom random) {
        text.append(service).append('.');
        final int kind = random.nextInt(100);
        final MetricType type;
        if (kind < 35) {
            type = MetricType.COUNTER;
            text.append(random.nextBoolean() ? "requests" : random.nextBoolean() ? "errors" : "cache.hits").append(':')
                    .append(1 + random.nextInt(5)).append("|c");
            final int sampled = random.nextInt(10);
            if (sampled == 0) {
                text.append("|@0.1");
            } else if (sampled == 1) {
                text.append("|@0.5");
            }
        } else if (kind < 55) {
            type = MetricType.GAUGE;
            if (random.nextInt(3) == 0) {
                text.append("queue.depth:").append(random.nextBoolean() ? '+' : '-').append(1 + random.nextInt(20));
            } else {
                text.append(random.nextBoolean() ? "queue.depth:" + random.nextInt(500) : "memory.used_mb:" + (200 + random.nextInt(1_800)));
            }
            text.append("|g");
        } else if (kind < 75) {
            type = MetricType.TIMER;
            // log-normal around 40 ms, with a long tail, in hundredths of a millisecond
            final double millis = Math.exp(Math.log(40) + 0.8 * random.nextGaussian());
            text.append("latency:").append(Math.round(millis * 100) / 100.0).append("|ms");
        } else if (kind < 85) {
            type = MetricType.HISTOGRAM;
            text.append("payload.bytes:").append(64 + random.nextInt(16_000)).append("|h");
        } else if (kind < 92) {
            type = MetricType.DISTRIBUTION;
            text.append("render.seconds:").append(random.nextInt(5)).append('.').append(random.nextInt(1_000)).append("|d");
        } else {
            type = MetricType.SET;
            text.append("users.unique:user-").append(random.nextInt(2_000)).append("|s");
        }
        if (random.nextInt(4) == 0) {
            text.append('|').append(TAGS[random.nextInt(TAGS.length)]);
        }
        return type;
    }
}
