package dev.weir.codec.payload;

/**
 * A part of an inspection report that only one payload format has, such as the MoldUDP64 framing of ITCH: written
 * after the total's traffic in text, and as one member after {@code payloads} in JSON. Immutable.
 */
public interface ReportSection {
    /** @param out where its lines go, each indented by two spaces and ending in {@code \n} */
    void text(StringBuilder out);

    /** @param json where its one member goes, named by the section, e.g. {@code "mold":{...}} */
    void json(JsonText json);
}
