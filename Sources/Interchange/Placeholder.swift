/// Export and import formats (placeholder until the codecs land).
public enum InterchangePlaceholder {}
