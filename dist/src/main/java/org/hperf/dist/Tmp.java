public class Tmp {}
