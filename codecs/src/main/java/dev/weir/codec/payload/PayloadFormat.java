package dev.weir.codec.payload;

/**
 * A payload format as an inspection sees it: its name, how to recognise it in a sample of payloads and how to
 * analyse its payloads for the report. The capture protocols a replay decodes extend it
 * (the {@code CaptureProtocol} of weir-pipelines); this half needs nothing but the codecs. Implementations are
 * stateless and thread-safe; what they make serves one thread.
 */
public interface PayloadFormat {
    /** @return the name {@code --decoder} takes and the JSON report gives, e.g. {@code itch} */
    String name();

    /** @return the format's name for people, e.g. {@code MoldUDP64/ITCH 5.0} */
    String title();

    /**
     * @return where the events' times come from, as the report's lateness line says it, e.g.
     *     {@code ITCH timestamps, ms since midnight}
     */
    String eventTimes();

    /**
     * @return the place among the formats: a guess tries them in ascending order, and lists name them in it
     *     (the built-in ones: 10 {@code itch}, 20 {@code statsd})
     */
    int order();

    /** @return a new, empty sample of this format's evidence */
    PayloadSampler sampler();

    /**
     * @param lateness where the analysis puts each event's time, in arrival order
     * @return a new analysis of this format's payloads for one inspection
     */
    PayloadAnalysis analysis(LatenessHistogram lateness);
}
