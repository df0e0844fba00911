S The cat sat .
A 4 6|||Mec|||again|||REQUIRED|||-NONE-|||0
